import { adminLoginEndpoint, adminLogoutEndpoint, adminVerifyEndpoint } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { callAdminEndpoint } from './admin-request';
import { adminKeys } from './keys';

/** The secret code, and a code from the authenticator app once the operator set one up. */
export function adminLogin(input: { secretCode: string; totp?: string }) {
  return callEndpoint(adminLoginEndpoint, { body: input.totp ? input : { secretCode: input.secretCode } });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}

/** Whether the server still accepts a token: true, false (401), or an error when it could not say. */
async function verifyAdminToken(token: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await callEndpoint(adminVerifyEndpoint, { body: { token }, signal });
    return true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 400)) return false;
    throw error;
  }
}

/** A stored admin token is verified when an admin screen loads, so an expired one asks for the code again. */
export function useAdminVerify(token: string | null) {
  return useQuery({
    queryKey: adminKeys.verify(token ?? ''),
    queryFn: ({ signal }) => verifyAdminToken(token ?? '', signal),
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * Ends the token on the server, so a copy of it stops working too. The browser forgets
 * the token whatever the answer: an expired token or a lost connection must not keep anyone in.
 */
export async function adminLogout(): Promise<void> {
  await callAdminEndpoint(adminLogoutEndpoint).catch(() => undefined);
}
