export const adminKeys = {
  all: ['admin'] as const,
  verify: (token: string) => [...adminKeys.all, 'verify', token] as const,
  me: (token: string) => [...adminKeys.all, 'me', token] as const,
};
