export const paymentKeys = {
  all: ['payments'] as const,
  sandbox: (uuid: string) => [...paymentKeys.all, 'sandbox', uuid] as const,
  services: () => [...paymentKeys.all, 'services'] as const,
  history: () => [...paymentKeys.all, 'history'] as const,
  status: (uuid: string) => [...paymentKeys.all, 'status', uuid] as const,
};
