import type { Endpoint, EndpointResult } from '@portal/contract';
import { callEndpoint, type EndpointCall } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { clearAdminToken, getAdminToken } from '../lib/admin-session';

/**
 * Operator calls: the stored admin token as `Authorization: Bearer`. A 401 means the token has
 * expired or was never valid, so it is removed and the admin screens ask for the secret code again.
 */
export function callAdminEndpoint<E extends Endpoint>(
  endpoint: E,
  call: Omit<EndpointCall<E>, 'headers' | 'apiKey'> = {},
): Promise<EndpointResult<E>> {
  return withAdminToken((authorization) => callEndpoint(endpoint, { ...call, headers: { authorization } }));
}

async function withAdminToken<T>(send: (authorization: string) => Promise<T>): Promise<T> {
  const token = getAdminToken();
  if (!token) throw new ApiError('http', 401);
  try {
    return await send(`Bearer ${token}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearAdminToken();
    throw error;
  }
}
