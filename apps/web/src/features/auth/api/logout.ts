import { API_PATHS, LogoutResponseSchema } from '@portal/contract';
import { apiRequest } from '../../../lib/api-client';

/** Ends the browser session on the server; the browser forgets the key whatever the answer. */
export async function logout(): Promise<void> {
  await apiRequest(API_PATHS.logout, { method: 'POST', schema: LogoutResponseSchema }).catch(() => undefined);
}
