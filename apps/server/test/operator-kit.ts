import type { AdminRole } from '@portal/contract';
import { adminToken, type TestApp } from './helper';

/** Asks the API for a new operator with the owner's token; answers the response, a refusal included. */
export async function postOperator(t: TestApp, payload: { name: string; role: string }, ownerToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/operators',
    headers: { authorization: `Bearer ${ownerToken}` },
    payload,
  });
}

/** An operator made by the owner through the API: their id, name and secret code. */
export async function createdOperator(
  t: TestApp,
  role: AdminRole,
  name = `${role}-${Math.random().toString(36).slice(2, 8)}`,
  ownerToken?: string,
): Promise<{ id: number; name: string; secretCode: string }> {
  const response = await postOperator(t, { name, role }, ownerToken ?? (await adminToken(t)));
  if (response.statusCode !== 200) throw new Error(`operator not created: ${response.body}`);
  const body = response.json<{ operator: { id: number; name: string }; secretCode: string }>();
  return { id: body.operator.id, name: body.operator.name, secretCode: body.secretCode };
}

/** Logs in with a secret code (and a code from the app); answers the token, or throws with the answer. */
export async function operatorLogin(t: TestApp, secretCode: string, totp?: string, remoteAddress?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: totp === undefined ? { secretCode } : { secretCode, totp },
  });
  return response;
}

export async function operatorToken(t: TestApp, secretCode: string, totp?: string): Promise<string> {
  const response = await operatorLogin(t, secretCode, totp);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<{ token: string }>().token;
}
