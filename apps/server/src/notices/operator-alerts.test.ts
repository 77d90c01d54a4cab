import type { AdminRole } from '@portal/contract';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { noticeContacts, notices, operatorAlertNotices, operatorAlertState, operatorChats } from '../db/schema';
import { Alerts, type AlertLog } from '../ops/alerts-service';
import { adminToken, buildTestApp, fundedCustomer, type TestApp } from '../../test/helper';
import { FAKE_BOT_TOKEN, startTelegramFake, type TelegramFake } from '../../test/fakes/telegram-fake';
import { createdOperator, operatorToken } from '../../test/operator-kit';
import { TELEGRAM_PER_SECOND } from './delivery';
import { runNoticeRound } from './notice-sender';
import { runAlertRound } from './operator-alert-sender';
import { forwardAlertsToTelegram } from './notices-jobs';
import { RESYNC_EVERY_MS } from '../ops/alerts-service';
import { TelegramApi } from './telegram-api';
import { REPLY_GAP_MS } from './bot-replies';
import { pollOnce, type BotDeps } from './telegram-bot';

let fake: TelegramFake;
let t: TestApp;
let telegram: TelegramApi;
let bot: BotDeps;
let nextChat = 9000;
const quiet: AlertLog = { warn: () => undefined, info: () => undefined };

beforeAll(async () => {
  fake = await startTelegramFake();
  t = await buildTestApp({
    env: { TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN, TELEGRAM_API_URL: fake.url, ADMIN_LOGIN_RATE_LIMIT: '1000' },
  });
  telegram = new TelegramApi(FAKE_BOT_TOKEN, fake.url);
  bot = { db: t.database.db, clock: t.clock, telegram, owner: 'test-bot', pollSeconds: 0 };
});
afterEach(async () => {
  // What a test leaves waiting (the clears its cleanup queues) must not be counted in another.
  await t.database.db
    .update(operatorAlertNotices)
    .set({ status: 'failed', lastError: 'test over' })
    .where(eq(operatorAlertNotices.status, 'waiting'));
  t.clock.advance(60_000);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'DELETE') =>
  t.app.inject({ method, url: '/api/admin/telegram', headers: { authorization: `Bearer ${token}` } });

async function linkUrl(token: string): Promise<string> {
  const response = await call(token, 'POST');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string }>().url;
}

const codeOf = (url: string) => new URL(url).searchParams.get('start') ?? '';

async function say(chatId: number, text: string): Promise<string> {
  // A chat gets one reply per few seconds: each message here comes after that gap.
  t.clock.advance(REPLY_GAP_MS);
  const before = fake.to(chatId).length;
  fake.userSays(chatId, text);
  expect(await pollOnce(bot)).toBe(1);
  expect(fake.to(chatId).length).toBe(before + 1);
  return fake.to(chatId).at(-1) ?? '';
}

/** An operator of the role with their own chat linked through the console call and the bot. */
async function linkedOperator(role: AdminRole) {
  const operator = await createdOperator(t, role);
  const token = await operatorToken(t, operator.secretCode);
  const chatId = nextChat++;
  expect(await say(chatId, `/start ${codeOf(await linkUrl(token))}`)).toMatch(/operator account/);
  return { ...operator, token, chatId };
}

/** An API process's alerts, fed into the queue as the server does. */
function process() {
  const alerts = new Alerts(quiet, t.clock);
  const forwarder = forwardAlertsToTelegram({ db: t.database.db, alerts }, { warn: () => undefined });
  return { alerts, flush: forwarder.flush, stop: forwarder.stop };
}

/** Queues what was raised, then sends what is due, a second later (one message a second to a chat). */
async function deliver(flush: () => Promise<void>) {
  await flush();
  t.clock.advance(1_000);
  return runAlertRound({ db: t.database.db, clock: t.clock, telegram });
}

describe('an operator links their own chat', () => {
  it('with the code of the console link: a wrong code and a used one link nothing', async () => {
    const operator = await createdOperator(t, 'manager');
    const token = await operatorToken(t, operator.secretCode);
    expect((await call(token, 'GET')).json()).toMatchObject({ available: true, linked: false, getsAlerts: true });
    const url = await linkUrl(token);
    expect(url).toMatch(/^https:\/\/t\.me\/\w+\?start=[\w-]{20,64}$/);
    const chat = nextChat++;
    expect(await say(chat, '/start not-a-code')).toMatch(/invalid, expired or already used/);
    expect((await call(token, 'GET')).json<{ linked: boolean }>().linked).toBe(false);

    expect(await say(chat, `/start ${codeOf(url)}`)).toMatch(/operator account/);
    expect((await call(token, 'GET')).json<{ linked: boolean }>().linked).toBe(true);

    const other = nextChat++;
    expect(await say(other, `/start ${codeOf(url)}`)).toMatch(/already used/);
    const [row] = await t.database.db.select().from(operatorChats).where(eq(operatorChats.operatorId, operator.id));
    expect(row?.chatId).toBe(chat);

    expect((await call(token, 'DELETE')).statusCode).toBe(200);
    expect((await call(token, 'GET')).json<{ linked: boolean }>().linked).toBe(false);
  });

  it('writes to each operator in the language their Telegram app reported when linking', async () => {
    const operator = await createdOperator(t, 'manager');
    const token = await operatorToken(t, operator.secretCode);
    const chat = nextChat++;
    fake.userSays(chat, `/start ${codeOf(await linkUrl(token))}`, 'ru-RU');
    expect(await pollOnce(bot)).toBe(1);
    expect(fake.to(chat).at(-1)).toMatch(/^Этот чат привязан к вашему аккаунту оператора/);
    const p = process();
    try {
      p.alerts.raise('low_stock', { free: 2, threshold: 5 });
      await deliver(p.flush);
      expect(fake.to(chat).at(-1)).toMatch(/^⚠️ Тревога: Свободные прокси заканчиваются[\s\S]*свободно: 2\nпорог: 5$/);
      p.alerts.clear('low_stock');
      await deliver(p.flush);
      expect(fake.to(chat).at(-1)).toMatch(/^✅ Отбой: Свободные прокси заканчиваются/);
    } finally {
      p.stop();
      // Linked managers get every later test's alerts too.
      expect((await call(token, 'DELETE')).statusCode).toBe(200);
    }
  });

  it('support may link a chat too, but its role gets no operator alerts', async () => {
    const { token } = await linkedOperator('support');
    expect((await call(token, 'GET')).json()).toMatchObject({ linked: true, getsAlerts: false });
  });
});

describe('alerts reach linked owners and managers', () => {
  it('one message per raise, none for the same episode again (in any process), again after a clear', async () => {
    const manager = await linkedOperator('manager');
    const a = process();
    const b = process();
    try {
      expect(a.alerts.raise('low_stock', { free: 2, threshold: 5 })).toBe(true);
      expect(await deliver(a.flush)).toMatchObject({ sent: 1 });
      expect(fake.to(manager.chatId).at(-1)).toMatch(/^⚠️ Alert: Free proxies are running low[\s\S]*free: 2/);

      // The same episode, seen again here and by another process: nothing more is sent.
      expect(a.alerts.raise('low_stock', { free: 1 })).toBe(false);
      expect(b.alerts.raise('low_stock', { free: 1 })).toBe(true);
      await deliver(a.flush);
      expect(await deliver(b.flush)).toMatchObject({ sent: 0 });
      const before = fake.to(manager.chatId).length;

      expect(a.alerts.clear('low_stock')).toBe(true);
      expect(await deliver(a.flush)).toMatchObject({ sent: 1 });
      expect(fake.to(manager.chatId).at(-1)).toMatch(/^✅ Over: Free proxies are running low/);
      expect(b.alerts.clear('low_stock')).toBe(true);
      expect(await deliver(b.flush)).toMatchObject({ sent: 0 });

      expect(b.alerts.raise('low_stock', { free: 0 })).toBe(true);
      expect(await deliver(b.flush)).toMatchObject({ sent: 1 });
      expect(fake.to(manager.chatId).slice(before)).toHaveLength(2);
      expect(fake.to(manager.chatId).at(-1)).toMatch(/^⚠️ Alert: Free proxies/);
    } finally {
      a.alerts.clear('low_stock');
      b.alerts.clear('low_stock');
      await a.flush();
      await b.flush();
      a.stop();
      b.stop();
    }
  });

  it('an unlinked operator, a removed one and a support operator get nothing; the owner does', async () => {
    const ownerChat = nextChat++;
    const ownerToken = await adminToken(t);
    expect(await say(ownerChat, `/start ${codeOf(await linkUrl(ownerToken))}`)).toMatch(/operator account/);
    const removed = await linkedOperator('manager');
    const support = await linkedOperator('support');
    const unlinked = await linkedOperator('manager');
    expect((await call(unlinked.token, 'DELETE')).statusCode).toBe(200);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/operators/${removed.id}`,
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    expect(removal.statusCode, removal.body).toBe(200);

    const p = process();
    try {
      const seen = (chat: number) => fake.to(chat).length;
      const before = [removed.chatId, support.chatId, unlinked.chatId].map(seen);
      p.alerts.raise('backup_failed', { reason: 'disk full' });
      await deliver(p.flush);
      expect(fake.to(ownerChat).at(-1)).toMatch(/^⚠️ Alert: A scheduled backup failed/);
      expect([removed.chatId, support.chatId, unlinked.chatId].map(seen)).toEqual(before);
      const rows = await t.database.db
        .select()
        .from(operatorAlertNotices)
        .where(eq(operatorAlertNotices.kind, 'backup_failed'));
      expect(rows.map((row) => row.operatorId).sort()).not.toContain(removed.id);
    } finally {
      p.alerts.clear('backup_failed');
      await p.flush();
      p.stop();
    }
  });

  it('an operator removed after an alert was queued is not sent it', async () => {
    const manager = await linkedOperator('manager');
    const p = process();
    try {
      p.alerts.raise('ipqs_budget', { used: 1000 });
      await p.flush();
      const removal = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/operators/${manager.id}`,
        headers: { authorization: `Bearer ${await adminToken(t)}` },
      });
      expect(removal.statusCode).toBe(200);
      const before = fake.to(manager.chatId).length;
      await deliver(p.flush);
      expect(fake.to(manager.chatId).length).toBe(before);
      const [row] = await t.database.db
        .select()
        .from(operatorAlertNotices)
        .where(eq(operatorAlertNotices.operatorId, manager.id));
      expect(row?.status).toBe('failed');
    } finally {
      p.alerts.clear('ipqs_budget');
      await p.flush();
      p.stop();
    }
  });
});

describe('the state all processes share', () => {
  it('is ended by another process that sees the condition over, and the next raise alerts again', async () => {
    const manager = await linkedOperator('manager');
    const stopped = process();
    stopped.alerts.raise('backup_failed', { run: 7, error: 'disk full' });
    stopped.alerts.raise('database_down', { error: 'connection refused' });
    await deliver(stopped.flush);
    t.clock.advance(1_000);
    await runAlertRound({ db: t.database.db, clock: t.clock, telegram });
    expect(fake.to(manager.chatId).slice(-2)).toEqual([
      expect.stringMatching(/^⚠️ Alert: A scheduled backup failed/),
      expect.stringMatching(/^⚠️ Alert: The database does not answer/),
    ]);
    // The process dies in the episode: it never clears.
    stopped.stop();

    const other = process();
    try {
      const before = fake.to(manager.chatId).length;
      // This process never raised either; its watchers see both conditions over.
      expect(other.alerts.clear('backup_failed', { file: 'backup-2.dump' })).toBe(false);
      expect(other.alerts.clear('database_down')).toBe(false);
      await deliver(other.flush);
      expect(fake.to(manager.chatId).slice(before)).toEqual([
        expect.stringMatching(/^✅ Over: A scheduled backup failed[\s\S]*file: backup-2\.dump$/),
      ]);
      // Its connection to the database says nothing of the stopped process's: that one stays.
      const [state] = await t.database.db
        .select()
        .from(operatorAlertState)
        .where(eq(operatorAlertState.kind, 'database_down'));
      expect(state?.raised).toBe(true);

      expect(other.alerts.raise('backup_failed', { run: 8, error: 'disk full' })).toBe(true);
      await deliver(other.flush);
      expect(fake.to(manager.chatId).at(-1)).toMatch(/^⚠️ Alert: A scheduled backup failed/);
    } finally {
      other.alerts.clear('backup_failed');
      other.stop();
      // Whatever this left raised must not hold back another test's alert.
      await t.database.db.update(operatorAlertState).set({ raised: false });
      expect((await call(manager.token, 'DELETE')).statusCode).toBe(200);
    }
  });

  it('is raised again by a process that still sees it after another process ended it', async () => {
    const manager = await linkedOperator('manager');
    const seesIt = process();
    const doesNot = process();
    try {
      seesIt.alerts.raise('low_stock', { free: 1, threshold: 5 });
      await deliver(seesIt.flush);
      expect(fake.to(manager.chatId).at(-1)).toMatch(/^⚠️ Alert: Free proxies are running low/);
      // A process with a lower threshold sees it over and ends the shared episode.
      expect(doesNot.alerts.clear('low_stock', { free: 1, threshold: 0 })).toBe(false);
      await deliver(doesNot.flush);
      expect(fake.to(manager.chatId).at(-1)).toMatch(/^✅ Over: Free proxies are running low/);
      const before = fake.to(manager.chatId).length;
      // The first keeps seeing it: nothing until RESYNC_EVERY_MS has passed, then an alert again.
      seesIt.alerts.raise('low_stock', { free: 1, threshold: 5 });
      await deliver(seesIt.flush);
      expect(fake.to(manager.chatId)).toHaveLength(before);
      t.clock.advance(RESYNC_EVERY_MS);
      expect(seesIt.alerts.raise('low_stock', { free: 0, threshold: 5 })).toBe(false);
      await deliver(seesIt.flush);
      expect(fake.to(manager.chatId).slice(before)).toEqual([
        expect.stringMatching(/^⚠️ Alert: Free proxies are running low[\s\S]*free: 0/),
      ]);
    } finally {
      seesIt.alerts.clear('low_stock');
      await seesIt.flush();
      seesIt.stop();
      doesNot.stop();
      await t.database.db.update(operatorAlertState).set({ raised: false });
      expect((await call(manager.token, 'DELETE')).statusCode).toBe(200);
    }
  });
});

describe("Telegram's limits", () => {
  it('one message a second to a chat, and a 429 waits exactly retry_after', async () => {
    const manager = await linkedOperator('manager');
    // Only this chat is linked, so the scripted 429 meets its message.
    await t.database.db.delete(operatorChats).where(ne(operatorChats.operatorId, manager.id));
    const p = process();
    try {
      const before = fake.to(manager.chatId).length;
      p.alerts.raise('gateway_down', { gateways: 1 });
      p.alerts.raise('payment_provider', { failures: 3 });
      await p.flush();
      // Both are due now (for every linked owner and manager); this chat gets one this second and
      // the other a second later.
      const round = () => runAlertRound({ db: t.database.db, clock: t.clock, telegram });
      const count = () => fake.to(manager.chatId).length - before;
      // The bot's reply to the linking had this chat's second.
      t.clock.advance(1_000);
      await round();
      expect(count()).toBe(1);
      await round();
      expect(count()).toBe(1);
      fake.failNext({ kind: '429', retryAfter: 3 });
      t.clock.advance(1_000);
      await round();
      expect(count()).toBe(1);
      const [waiting] = await t.database.db
        .select()
        .from(operatorAlertNotices)
        .where(and(eq(operatorAlertNotices.operatorId, manager.id), eq(operatorAlertNotices.status, 'waiting')));
      expect(waiting?.lastError).toMatch(/429/);
      t.clock.advance(2_000);
      await round();
      expect(count()).toBe(1);
      t.clock.advance(1_000);
      await round();
      expect(count()).toBe(2);
      const got = fake.to(manager.chatId).slice(before);
      expect(got).toHaveLength(2);
      expect(got.join('\n')).toMatch(/gateway process is gone[\s\S]*payment provider is failing/);
    } finally {
      p.alerts.clear('gateway_down');
      p.alerts.clear('payment_provider');
      await p.flush();
      p.stop();
    }
  });

  it("alerts claimed in the last second count against customers' 30 a second", async () => {
    const manager = await linkedOperator('manager');
    const customer = await fundedCustomer(t, 0);
    const chat = nextChat++;
    await t.database.db.insert(noticeContacts).values({ userId: customer.userId, telegramChatId: chat });
    const now = t.clock.now();
    await t.database.db.insert(notices).values({
      userId: customer.userId,
      eventKey: 'broadcast:limits-test',
      channel: 'telegram',
      kind: 'broadcast',
      payload: { kind: 'broadcast', title: 'Hello', content: 'World' },
      createdAt: now,
      nextAttemptAt: now,
    });
    // Thirty alert chats claimed this second: the budget is used up for both queues.
    await t.database.db.insert(operatorAlertNotices).values(
      Array.from({ length: TELEGRAM_PER_SECOND }, (_, i) => ({
        operatorId: manager.id,
        eventKey: `limits-test:${i}`,
        kind: 'low_stock',
        payload: {},
        status: 'sent',
        createdAt: now,
        nextAttemptAt: now,
        chatId: 700_000 + i,
        claimedAt: now,
      })),
    );
    const sender = { db: t.database.db, clock: t.clock, telegram, mailer: null, publicUrl: t.config.publicUrl };
    expect(await runNoticeRound(sender)).toMatchObject({ sent: 0 });
    expect(fake.to(chat)).toHaveLength(0);
    t.clock.advance(1_000);
    expect(await runNoticeRound(sender)).toMatchObject({ sent: 1 });
    expect(fake.to(chat)).toHaveLength(1);
  });
});
