/** Query keys of the account area, general to specific (STYLE section 2). */
export const accountKeys = {
  all: ['account'] as const,
  notices: () => [...accountKeys.all, 'notices'] as const,
};
