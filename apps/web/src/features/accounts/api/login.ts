import { loginEndpoint, type LoginResponse } from '@portal/contract';
import { callEndpoint } from '../../../lib/api-client';

/** Login with the key in the body; starts the browser session cookie. */
export function login({ key }: { key: string }): Promise<LoginResponse> {
  return callEndpoint(loginEndpoint, { body: { key }, apiKey: key });
}

/** Auto-login right after sign-up: empty body, the new key in the header. */
export function autoLogin(apiKey: string): Promise<LoginResponse> {
  return callEndpoint(loginEndpoint, { apiKey });
}
