import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operatorAlertNotices, operatorChats, operators } from '../db/schema';
import { adminToken, buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../test/helper';
import { createdOperator, operatorLogin, operatorToken } from '../../test/operator-kit';
import { turnOffTotp } from './totp';
import { TOTP_MAX_FAILURES } from './totp-lock';

let database: TestDatabase;
/** Two API processes on one database: a limit kept in one process alone would allow twice as much. */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = { ADMIN_LOGIN_RATE_LIMIT: '1000', PUBLIC_URL: 'https://shop.example' };
  a = await buildTestApp({ database, env });
  b = await buildTestApp({ database, env });
});

afterAll(async () => {
  await a.close();
  await b.close();
  await database.close();
});

const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

async function call(t: TestApp, token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
}

/** Sets up the app for the operator of `token`; answers its secret. */
async function enrolled(t: TestApp, token: string): Promise<string> {
  const { secret } = (await call(t, token, 'POST', '/api/admin/totp/enroll')).json<{ secret: string }>();
  const confirm = await call(t, token, 'POST', '/api/admin/totp/confirm', {
    code: await codeAt(secret, t.clock.now()),
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return secret;
}

const CLI = { via: 'cli', operatorId: null, operatorName: 'owner', source: 'cli' } as const;

const works = async (t: TestApp, token: string) => (await call(t, token, 'GET', '/api/admin/me')).statusCode === 200;

describe('wrong authenticator codes are limited per operator, over all addresses and processes', () => {
  it('locks the operator after guesses from 12 addresses; the right code fails until the owner unlocks', async () => {
    const owner = await adminToken(a);
    const [ownerRow] = await database.db.select().from(operators).where(eq(operators.builtin, true));
    await database.db.insert(operatorChats).values({ operatorId: ownerRow!.id, chatId: 4242, linkedAt: a.clock.now() });
    const victim = await createdOperator(a, 'finance', 'Vic', owner);
    const secret = await enrolled(a, await operatorToken(a, victim.secretCode));
    a.clock.advance(30_000);
    b.clock.advance(30_000);

    const answers: string[] = [];
    for (let i = 1; i <= 12; i += 1) {
      const t = i % 2 === 0 ? a : b;
      const response = await operatorLogin(t, victim.secretCode, '000000', `192.0.2.${i}`);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      answers.push(response.json<{ code: string }>().code);
    }
    expect(answers.slice(0, TOTP_MAX_FAILURES - 1)).toEqual(Array(TOTP_MAX_FAILURES - 1).fill('TOTP_INVALID'));
    expect(answers.slice(TOTP_MAX_FAILURES - 1)).toEqual(Array(12 - TOTP_MAX_FAILURES + 1).fill('OPERATOR_LOCKED'));

    const right = await operatorLogin(a, victim.secretCode, await codeAt(secret, a.clock.now()), '192.0.2.99');
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'OPERATOR_LOCKED' });
    const listed = await call(a, owner, 'GET', '/api/admin/operators');
    expect(listed.json<{ operators: { id: number; locked: boolean }[] }>().operators).toContainEqual(
      expect.objectContaining({ id: victim.id, locked: true }),
    );
    const locked = (await database.db.select().from(auditLog)).filter((r) => r.action === 'operator.locked');
    expect(locked.map((r) => r.details)).toEqual([{ operatorId: victim.id, name: 'Vic', failures: TOTP_MAX_FAILURES }]);
    const alerts = await database.db.select().from(operatorAlertNotices);
    expect(alerts.filter((n) => n.kind === 'operator_locked')).toEqual([
      expect.objectContaining({
        operatorId: ownerRow!.id,
        payload: expect.objectContaining({
          state: 'raised',
          details: { operator: 'Vic', attempts: TOTP_MAX_FAILURES },
        }),
      }),
    ]);

    // Only the owner lifts it.
    const manager = await operatorToken(a, (await createdOperator(a, 'manager', undefined, owner)).secretCode);
    expect((await call(a, manager, 'POST', `/api/admin/operators/${victim.id}/unlock`)).statusCode).toBe(403);
    expect((await call(b, owner, 'POST', `/api/admin/operators/${victim.id}/unlock`)).json()).toEqual({
      success: true,
      id: victim.id,
    });
    a.clock.advance(30_000);
    const after = await operatorLogin(a, victim.secretCode, await codeAt(secret, a.clock.now()), '192.0.2.99');
    expect(after.statusCode, after.body).toBe(200);
    const actions = (await database.db.select().from(auditLog)).map((r) => r.action);
    expect(actions).toContain('operator.unlock');
  });

  it('forgets wrong codes after a right one, so typos never add up to a lock', async () => {
    const owner = await adminToken(a);
    const typo = await createdOperator(a, 'support', 'Typo', owner);
    const secret = await enrolled(a, await operatorToken(a, typo.secretCode));
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < TOTP_MAX_FAILURES - 1; i += 1) {
        expect((await operatorLogin(a, typo.secretCode, '000000')).json()).toMatchObject({ code: 'TOTP_INVALID' });
      }
      a.clock.advance(30_000);
      expect((await operatorLogin(a, typo.secretCode, await codeAt(secret, a.clock.now()))).statusCode).toBe(200);
    }
  });
});

describe('sessions end when the second factor changes, and an operator sees and ends their own', () => {
  it('enabling TOTP ends an older token; the session that enabled it stays', async () => {
    const owner = await adminToken(a);
    const op = await createdOperator(a, 'manager', 'Olga', owner);
    const older = await operatorToken(a, op.secretCode);
    const current = await operatorToken(a, op.secretCode);
    expect(await works(a, older)).toBe(true);
    await enrolled(a, current);
    expect(await works(a, older)).toBe(false);
    expect(await works(b, older)).toBe(false);
    expect(await works(a, current)).toBe(true);
    const enabled = (await database.db.select().from(auditLog)).filter(
      (r) => r.action === 'admin.totp_enabled' && r.operatorName === 'Olga',
    );
    expect(enabled.map((r) => r.details)).toEqual([{ sessionsEnded: 1 }]);

    // Resetting the app (the command line's totp-off) ends every session of theirs.
    await turnOffTotp({ db: database.db, clock: a.clock }, CLI, op.id);
    expect(await works(a, current)).toBe(false);
  });

  it('turning the "TOTP required" rule on ends the sessions opened without a code, but the caller’s', async () => {
    const owner = await adminToken(a);
    await call(a, owner, 'POST', '/api/admin/totp/policy', { required: false });
    const ownerRow = (await database.db.select().from(operators).where(eq(operators.builtin, true)))[0]!;
    const ownerSecret = ownerRow.totpSecret ?? (await enrolled(a, owner));
    const noApp = await operatorToken(a, (await createdOperator(a, 'support', undefined, owner)).secretCode);
    a.clock.advance(30_000);
    const withCode = await operatorLogin(a, a.config.adminSecret ?? '', await codeAt(ownerSecret, a.clock.now()));
    const ownerWithCode = withCode.json<{ token: string }>().token;
    expect((await call(a, owner, 'POST', '/api/admin/totp/policy', { required: true })).statusCode).toBe(200);
    expect(await works(a, noApp)).toBe(false);
    expect(await works(a, owner)).toBe(true);
    expect(await works(a, ownerWithCode)).toBe(true);
    await call(a, owner, 'POST', '/api/admin/totp/policy', { required: false });
    await turnOffTotp({ db: database.db, clock: a.clock }, CLI, ownerRow.id);
  });

  it('lists my own sessions and ends one; another operator’s session is not mine to end', async () => {
    const owner = await adminToken(a);
    const op = await createdOperator(a, 'support', 'Sam', owner);
    const phone = (
      await a.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: '198.51.100.7',
        headers: { 'user-agent': 'PhoneBrowser/1.0' },
        payload: { secretCode: op.secretCode },
      })
    ).json<{ token: string }>().token;
    const laptop = await operatorToken(a, op.secretCode);
    const listed = await call(a, laptop, 'GET', '/api/admin/sessions');
    const sessions = listed.json<{ sessions: { id: number; current: boolean; source: string; userAgent: string }[] }>()
      .sessions;
    expect(sessions).toHaveLength(2);
    const phoneSession = sessions.find((s) => !s.current)!;
    expect(phoneSession).toMatchObject({ source: '198.51.100.7', userAgent: 'PhoneBrowser/1.0', current: false });
    expect(sessions.find((s) => s.current)).toBeDefined();

    const ownerSessions = (await call(a, owner, 'GET', '/api/admin/sessions')).json<{ sessions: { id: number }[] }>();
    const notMine = await call(a, laptop, 'DELETE', `/api/admin/sessions/${ownerSessions.sessions[0]!.id}`);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ code: 'ADMIN_SESSION_NOT_FOUND' });
    expect(await works(a, owner)).toBe(true);

    expect((await call(a, laptop, 'DELETE', `/api/admin/sessions/${phoneSession.id}`)).statusCode).toBe(200);
    expect(await works(a, phone)).toBe(false);
    expect(await works(a, laptop)).toBe(true);
    expect((await call(a, laptop, 'GET', '/api/admin/sessions')).json<{ sessions: unknown[] }>().sessions).toHaveLength(
      1,
    );
  });
});
