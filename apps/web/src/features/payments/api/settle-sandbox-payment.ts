import { PaymentStatusResponseSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sandboxPath } from './get-sandbox-payment';
import { paymentKeys } from './keys';

export type SandboxOutcome = 'paid' | 'fail';

export function settleSandboxPayment(uuid: string, outcome: SandboxOutcome) {
  return apiRequest(sandboxPath(uuid), { method: 'POST', body: { outcome }, schema: PaymentStatusResponseSchema });
}

/** Pay or Fail on the sandbox checkout; the page then shows the payment's final status. */
export function useSettleSandboxPayment(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: SandboxOutcome) => settleSandboxPayment(uuid, outcome),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.sandbox(uuid) }),
  });
}
