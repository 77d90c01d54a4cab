/** Query keys of the account area, general to specific, so invalidating a prefix refreshes everything under it. */
export const accountKeys = {
  all: ['account'] as const,
  notices: () => [...accountKeys.all, 'notices'] as const,
};
