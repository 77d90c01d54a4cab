import { API_PATHS, RegisterResponseSchema } from '@portal/contract';
import { apiRequest } from '../../../lib/api-client';

/** Creates an account; the answer holds the API key, shown once (spec section 2, Registration). */
export async function register(referralCode: string | null): Promise<string> {
  const answer = await apiRequest(API_PATHS.register, {
    method: 'POST',
    body: referralCode ? { referralCode } : {},
    schema: RegisterResponseSchema,
    // A new visitor must not send a key left over from an earlier account.
    apiKey: '',
  });
  return answer.apiKey;
}
