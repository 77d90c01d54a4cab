import { API_PATHS, PaymentCreateResponseSchema, TIMEOUTS_MS } from '@portal/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type CreatePaymentInput = { amount: number; currency: string };

export function createPayment(input: CreatePaymentInput) {
  return apiRequest(API_PATHS.paymentCreate, {
    method: 'POST',
    body: input,
    schema: PaymentCreateResponseSchema,
    access: 'customer',
    timeoutMs: TIMEOUTS_MS.paymentCreate,
  });
}

type MutationConfig = Omit<
  UseMutationOptions<Awaited<ReturnType<typeof createPayment>>, Error, CreatePaymentInput>,
  'mutationFn'
>;

export function useCreatePayment({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: createPayment });
}
