import { registerEndpoint } from '@portal/contract';
import { callEndpoint } from '../../../lib/api-client';

/** Creates an account; the answer holds the API key, shown once (Registration). */
export async function register(referralCode: string | null): Promise<string> {
  const answer = await callEndpoint(registerEndpoint, {
    body: referralCode ? { referralCode } : {},
    // A new visitor must not send a key left over from an earlier account.
    apiKey: '',
  });
  return answer.apiKey;
}
