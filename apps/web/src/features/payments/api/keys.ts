export const paymentKeys = {
  all: ['payments'] as const,
  sandbox: (uuid: string) => [...paymentKeys.all, 'sandbox', uuid] as const,
};
