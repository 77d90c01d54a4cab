import { paymentStatusEndpoint } from '@portal/contract';
import { callEndpoint } from '../../../lib/api-client';

/** One status check; polled by the payment page. */
export async function checkPaymentStatus(uuid: string): Promise<string> {
  // A status check needs a uuid: without one there is no payment to ask about.
  if (!uuid) throw new Error('No UUID provided for status check');
  const answer = await callEndpoint(paymentStatusEndpoint, { params: { uuid }, body: { task: 'check', uuid } });
  return answer.status;
}
