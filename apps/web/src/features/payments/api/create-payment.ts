import { paymentCreateEndpoint, TIMEOUTS_MS } from '@portal/contract';
import { z } from 'zod';
import { callEndpointReading } from '../../../lib/api-client';
import { defineMutation } from '../../../lib/define-hooks';

export type CreatePaymentInput = { amount: number; currency: string };

/** An answer can fall short in two ways (no uuid, no url); each gets its own sentence rather than a generic failure. */
export class IncompletePaymentError extends Error {
  constructor(readonly missing: 'uuid' | 'url') {
    super(`payment answer without ${missing}`);
  }
}

// Looser than the contract's schema on purpose: a missing uuid or url is reported as such.
const CreateAnswerSchema = z.object({
  success: z.literal(true),
  uuid: z.string().optional(),
  url: z.string().optional(),
});

export async function createPayment(input: CreatePaymentInput): Promise<{ uuid: string; url: string }> {
  const answer = await callEndpointReading(paymentCreateEndpoint, CreateAnswerSchema, {
    body: input,
    timeoutMs: TIMEOUTS_MS.paymentCreate,
  });
  if (!answer.uuid) throw new IncompletePaymentError('uuid');
  if (!answer.url) throw new IncompletePaymentError('url');
  return { uuid: answer.uuid, url: answer.url };
}

export const useCreatePayment = defineMutation(createPayment);
