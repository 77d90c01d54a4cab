import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, buildTestApp, type TestApp } from '../../test/helper';
import { createdOperator, operatorLogin, operatorToken } from '../../test/operator-kit';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_LOGIN_RATE_LIMIT: '1000', PUBLIC_URL: 'https://shop.example' } });
});

afterAll(async () => {
  await t.close();
});

/** The code an authenticator app shows at the test clock's time. */
const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  const headers = { authorization: `Bearer ${token}` };
  return payload === undefined
    ? t.app.inject({ method, url, headers })
    : t.app.inject({ method, url, headers, payload });
}

async function enrolled(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const enroll = await call(token, 'POST', '/api/admin/totp/enroll');
  expect(enroll.statusCode).toBe(200);
  const { secret } = enroll.json<{ secret: string }>();
  const confirm = await call(token, 'POST', '/api/admin/totp/confirm', { code: await codeAt(secret, t.clock.now()) });
  expect(confirm.statusCode).toBe(200);
  return { secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

describe('an authenticator app for an operator', () => {
  it('enrols with a QR address, then refuses the secret alone, a wrong code and a reused code', async () => {
    const operator = await createdOperator(t, 'support', 'Tess');
    const token = await operatorToken(t, operator.secretCode);

    const enroll = await call(token, 'POST', '/api/admin/totp/enroll');
    const { secret, otpauth_url } = enroll.json<{ secret: string; otpauth_url: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(`otpauth://totp/shop.example:Tess?secret=${secret}&issuer=shop.example`);
    // Until confirmed, the secret alone still logs in.
    expect((await operatorLogin(t, operator.secretCode)).statusCode).toBe(200);

    const wrong = await call(token, 'POST', '/api/admin/totp/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'TOTP_CODE_WRONG' });
    const confirmCode = await codeAt(secret, t.clock.now());
    const confirm = await call(token, 'POST', '/api/admin/totp/confirm', { code: confirmCode });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);
    expect((await call(token, 'POST', '/api/admin/totp/enroll')).json()).toMatchObject({
      code: 'TOTP_ALREADY_ENABLED',
    });
    expect((await call(token, 'GET', '/api/admin/me')).json()).toMatchObject({ operator: { totpEnabled: true } });

    const alone = await operatorLogin(t, operator.secretCode);
    expect(alone.statusCode).toBe(401);
    expect(alone.json()).toMatchObject({ code: 'TOTP_REQUIRED' });
    const bad = await operatorLogin(t, operator.secretCode, '123456');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 'TOTP_INVALID' });
    // The code that confirmed the app is used up for its whole window.
    t.clock.advance(10_000);
    expect((await operatorLogin(t, operator.secretCode, confirmCode)).json()).toMatchObject({ code: 'TOTP_INVALID' });

    t.clock.advance(30_000);
    const next = await codeAt(secret, t.clock.now());
    expect((await operatorLogin(t, operator.secretCode, next)).statusCode).toBe(200);
    t.clock.advance(15_000);
    const reused = await operatorLogin(t, operator.secretCode, next);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: 'TOTP_INVALID' });
    // A wrong secret with a right code is still the wrong secret.
    t.clock.advance(30_000);
    const later = await codeAt(secret, t.clock.now());
    expect((await operatorLogin(t, `${operator.secretCode}x`, later)).json()).toMatchObject({
      code: 'INVALID_SECRET_CODE',
    });
    expect((await operatorLogin(t, operator.secretCode, later)).statusCode).toBe(200);
    // A code from a window already passed is refused even if never typed: a newer one was.
    t.clock.advance(60_000);
    const stale = await codeAt(secret, new Date(t.clock.now().getTime() - 90_000));
    expect((await operatorLogin(t, operator.secretCode, stale)).statusCode).toBe(401);
  });

  it('takes each recovery code once, in any case and without dashes', async () => {
    const operator = await createdOperator(t, 'finance', 'Rhea');
    const { recoveryCodes } = await enrolled(await operatorToken(t, operator.secretCode));
    const [first, second] = recoveryCodes;
    expect(first).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect((await operatorLogin(t, operator.secretCode, first)).statusCode).toBe(200);
    const again = await operatorLogin(t, operator.secretCode, first);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'TOTP_INVALID' });
    expect((await operatorLogin(t, operator.secretCode, second?.replaceAll('-', '').toUpperCase())).statusCode).toBe(
      200,
    );
    // Another operator's code is not theirs.
    const other = await createdOperator(t, 'finance', 'Other');
    await enrolled(await operatorToken(t, other.secretCode));
    expect((await operatorLogin(t, other.secretCode, recoveryCodes[2])).statusCode).toBe(401);
  });

  it('lets the owner require an app of everyone: without one, an operator may only set it up', async () => {
    const owner = await adminToken(t);
    const early = await call(owner, 'POST', '/api/admin/totp/policy', { required: true });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'TOTP_ENROLMENT_REQUIRED' });

    const { secret } = await enrolled(owner);
    expect((await call(owner, 'POST', '/api/admin/totp/policy', { required: true })).json()).toEqual({
      success: true,
      totpRequired: true,
    });
    const operator = await createdOperator(t, 'support', 'Nova', owner);
    const token = await operatorToken(t, operator.secretCode);
    const blocked = await call(token, 'GET', '/api/admin/customers');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'TOTP_ENROLMENT_REQUIRED' });
    expect((await call(token, 'GET', '/api/admin/me')).json()).toMatchObject({ totpRequired: true });
    await enrolled(token);
    expect((await call(token, 'GET', '/api/admin/customers')).statusCode).toBe(200);

    // The owner's ADMIN_SECRET needs the owner's code too, now.
    expect((await operatorLogin(t, t.config.adminSecret ?? '')).json()).toMatchObject({ code: 'TOTP_REQUIRED' });
    t.clock.advance(30_000);
    expect((await operatorLogin(t, t.config.adminSecret ?? '', await codeAt(secret, t.clock.now()))).statusCode).toBe(
      200,
    );
    expect((await call(owner, 'POST', '/api/admin/totp/policy', { required: false })).statusCode).toBe(200);

    const audit = await call(owner, 'GET', '/api/admin/audit');
    const actions = audit.json<{ entries: { action: string }[] }>().entries.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['admin.totp_enabled', 'admin.login_totp_missing', 'operator.totp_policy']),
    );
  });
});
