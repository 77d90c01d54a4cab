import type { z } from 'zod';
import { ApiError, apiRequest, type RequestOptions } from '../../../lib/api-client';
import { clearAdminToken, getAdminToken } from '../lib/admin-session';

/**
 * Operator calls: the stored admin token as `Authorization: Bearer`. A 401 means the token has
 * expired or was never valid, so it is removed and the admin screens ask for the secret code again.
 */
export async function adminRequest<S extends z.ZodType>(
  path: string,
  options: Omit<RequestOptions<S>, 'access' | 'apiKey' | 'headers'>,
): Promise<z.infer<S>> {
  const token = getAdminToken();
  if (!token) throw new ApiError('http', 401);
  try {
    return await apiRequest(path, { ...options, headers: { authorization: `Bearer ${token}` } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearAdminToken();
    throw error;
  }
}
