import { sandboxSettleEndpoint } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export type SandboxOutcome = 'paid' | 'fail';

export function settleSandboxPayment(uuid: string, outcome: SandboxOutcome) {
  return callEndpoint(sandboxSettleEndpoint, { params: { uuid }, body: { outcome } });
}

/** Pay or Fail on the sandbox checkout; the page then shows the payment's final status. */
export function useSettleSandboxPayment(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: SandboxOutcome) => settleSandboxPayment(uuid, outcome),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.sandbox(uuid) }),
  });
}
