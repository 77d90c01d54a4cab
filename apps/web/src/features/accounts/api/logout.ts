import { logoutEndpoint } from '@portal/contract';
import { callEndpoint } from '../../../lib/api-client';

/** Ends the browser session on the server; the browser forgets the key whatever the answer. */
export async function logout(): Promise<void> {
  await callEndpoint(logoutEndpoint).catch(() => undefined);
}
