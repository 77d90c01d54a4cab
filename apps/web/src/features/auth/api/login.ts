import { API_PATHS, LoginResponseSchema, type LoginResponse } from '@portal/contract';
import { apiRequest } from '../../../lib/api-client';

/** Login with the key in the body (spec section 7); starts the browser session cookie. */
export function login({ key }: { key: string }): Promise<LoginResponse> {
  return apiRequest(API_PATHS.login, { method: 'POST', body: { key }, schema: LoginResponseSchema, apiKey: key });
}

/** Auto-login right after sign-up: empty body, the new key in the header (spec section 7). */
export function autoLogin(apiKey: string): Promise<LoginResponse> {
  return apiRequest(API_PATHS.login, { method: 'POST', schema: LoginResponseSchema, apiKey });
}
