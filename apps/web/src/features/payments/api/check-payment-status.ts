import { API_PATHS, PaymentStatusResponseSchema } from '@portal/contract';
import { apiRequest } from '../../../lib/api-client';

/** One status check (spec section 7); polled by the payment page. */
export async function checkPaymentStatus(uuid: string): Promise<string> {
  // Spec section 5: a status check needs a uuid.
  if (!uuid) throw new Error('No UUID provided for status check');
  const answer = await apiRequest(API_PATHS.paymentStatus(uuid), {
    method: 'POST',
    body: { task: 'check', uuid },
    schema: PaymentStatusResponseSchema,
    access: 'customer',
  });
  return answer.status;
}
