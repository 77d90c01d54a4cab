import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { noticeContacts, notices, rentals } from '../db/schema';
import { createGiftcards } from '../payments/giftcards-repository';
import { RENEW_LEAD_MS, runLifecycleOnce } from '../jobs/lifecycle-jobs';
import {
  addProxies,
  buildTestApp,
  customerCall,
  fundedCustomer,
  HOUR,
  lifecycleOf,
  type TestApp,
} from '../../test/helper';
import { FAKE_BOT_TOKEN, type TelegramFake } from '../../test/fakes/telegram-fake';
import { TELEGRAM_PER_SECOND } from './delivery';
import { runNoticeRound, type NoticeSenderDeps } from './notice-sender';
import { TelegramApi } from './telegram-api';
import { REPLY_GAP_MS } from './bot-replies';
import { pollOnce, type BotDeps } from './telegram-bot';
import { telegramShopPerFile } from '../../test/telegram-shop';

let fake: TelegramFake;
let t: TestApp;
let bot: BotDeps;
let sender: NoticeSenderDeps;
let nextChat = 9000;

telegramShopPerFile(
  'queue-test',
  (shop) => ({ fake, t, bot, sender } = shop),
  // One test's rentals must not bring notices into another's either.
  async (app) => {
    await app.database.db.update(rentals).set({ status: 'expired', autoRenew: false });
  },
);

async function linkedCustomer(cents = 1_000) {
  const customer = await fundedCustomer(t, cents);
  const chatId = nextChat++;
  const url = (await customerCall(t, customer.apiKey).post('/api/account/telegram')).json<{ url: string }>().url;
  // Replies share Telegram's 30 a second: many linkings in one second of the test clock would wait.
  t.clock.advance(REPLY_GAP_MS);
  fake.userSays(chatId, `/start ${new URL(url).searchParams.get('start')}`);
  await pollOnce(bot);
  expect(fake.to(chatId)).toHaveLength(1);
  return { ...customer, chatId };
}

/** A connected rental of `hours`, connected now, with a note. */
async function connectedRental(apiKey: string, hours: number, note = '') {
  const [proxyId] = await addProxies(t, 1, { country: 'FR' });
  const bought = await customerCall(t, apiKey).post('/api/proxy/buy', { task: 'up', id: proxyId, hours });
  expect(bought.statusCode, bought.body).toBe(200);
  const [rental] = await t.database.db
    .update(rentals)
    .set({
      status: 'connected',
      connectedAt: t.clock.now(),
      endTime: new Date(t.clock.now().getTime() + hours * HOUR),
      note,
    })
    .where(eq(rentals.proxyId, proxyId!))
    .returning();
  return { ...rental!, proxyId: proxyId! };
}

async function redeemGiftcard(apiKey: string, cents: number) {
  const [code] = await createGiftcards(t.database.db, { amountCents: cents, count: 1, at: t.clock.now() });
  expect((await customerCall(t, apiKey).post('/api/payments/giftcard', { giftcard: code })).statusCode).toBe(200);
}

/** Moves the test clock on by `ms`, then runs one round of the sender; answers what the round did. */
async function roundAfter(ms: number) {
  t.clock.advance(ms);
  return runNoticeRound(sender);
}

const rowsOf = (userId: number) => t.database.db.select().from(notices).where(eq(notices.userId, userId));

describe('warnings before a rental ends', () => {
  it('24 h and 1 h before the end, once each; rentals due together make one message', async () => {
    const { apiKey, chatId } = await linkedCustomer(100_000);
    const a = await connectedRental(apiKey, 48, 'shop A');
    const b = await connectedRental(apiKey, 48);
    // A 12-hour rental was never 24 hours from its end while connected: only the 1-hour warning.
    t.clock.advance(36 * HOUR);
    const short = await connectedRental(apiKey, 12);
    t.clock.advance(-36 * HOUR);
    const renewing = await connectedRental(apiKey, 48);
    await t.database.db.update(rentals).set({ autoRenew: true }).where(eq(rentals.id, renewing.id));
    const before = fake.to(chatId).length;

    expect(await roundAfter(24 * HOUR - 60_000)).toMatchObject({ queued: 0, sent: 0 });
    expect(await roundAfter(61_000)).toMatchObject({ queued: 2, sent: 1 });
    const [warning] = fake.to(chatId).slice(before);
    expect(warning).toMatch(/^⏰ Ends in 24 hours:/);
    expect(warning).toContain(`#${a.id} `);
    expect(warning).toContain('FR · shop A');
    expect(warning).toContain(`#${b.id} `);
    expect(warning).not.toContain(`#${renewing.id} `);
    expect(await roundAfter(60_000)).toMatchObject({ queued: 0, sent: 0 });

    expect(await roundAfter(23 * HOUR - 60_000)).toMatchObject({ queued: 3, sent: 1 });
    const last = fake.to(chatId).at(-1) ?? '';
    expect(last).toMatch(/^⏰ Ends in 1 hour:/);
    for (const rental of [a, b, short]) expect(last).toContain(`#${rental.id} `);
    expect(await roundAfter(HOUR)).toMatchObject({ queued: 0, sent: 0 });
    expect(fake.to(chatId).slice(before)).toHaveLength(2);
  });

  it("a customer reached for nothing about their rentals' ends does not hold back anyone else's warnings", async () => {
    // A reseller with a confirmed address who turned expiry warnings off, and more rentals ending
    // tomorrow than one round looks at: none of them is queued, so none may fill the round.
    const reseller = await fundedCustomer(t, 0);
    await t.database.db.insert(noticeContacts).values({
      userId: reseller.userId,
      email: 'reseller@example.com',
      emailConfirmedAt: t.clock.now(),
      emailTopics: ['renewal', 'payment', 'replacement'],
    });
    const proxyIds = await addProxies(t, 1_001, { country: 'DE' });
    const end = new Date(t.clock.now().getTime() + 47 * HOUR);
    await t.database.db.insert(rentals).values(
      proxyIds.map((proxyId, i) => ({
        userId: reseller.userId,
        proxyId,
        status: 'connected',
        hours: 48,
        username: `reseller-${proxyId}`,
        password: `p${i}`,
        createdAt: t.clock.now(),
        connectedAt: t.clock.now(),
        endTime: end,
      })),
    );
    const { apiKey, chatId } = await linkedCustomer(10_000);
    const mine = await connectedRental(apiKey, 48);
    const before = fake.to(chatId).length;

    expect(await roundAfter(24 * HOUR + 60_000)).toMatchObject({ queued: 1, sent: 1 });
    expect(fake.to(chatId).slice(before).join('\n')).toContain(`#${mine.id} `);
    expect(await rowsOf(reseller.userId)).toHaveLength(0);
  });

  it('auto-renew tells it was renewed, or that it could not be paid, once per period', async () => {
    const { apiKey, userId, chatId } = await linkedCustomer(100_000);
    const renewing = await connectedRental(apiKey, 2);
    const unpaid = await connectedRental(apiKey, 2);
    for (const rental of [renewing, unpaid]) {
      expect(
        (await customerCall(t, apiKey).post('/api/proxy/auto-renew', { proxy_id: rental.proxyId, enabled: true }))
          .statusCode,
      ).toBe(200);
    }
    // The second rental's proxy leaves the shop: its renewal fails, for a reason the customer reads.
    const { proxies } = await import('../db/schema');
    await t.database.db.update(proxies).set({ enabled: false }).where(eq(proxies.id, unpaid.proxyId));
    const lifecycle = await lifecycleOf(t);
    t.clock.advance(2 * HOUR - RENEW_LEAD_MS / 2);
    expect(await runLifecycleOnce(lifecycle)).toMatchObject({ renewed: 1, renewFailed: 1 });
    t.clock.advance(1_000);
    expect(await runLifecycleOnce(lifecycle)).toMatchObject({ renewFailed: 1 });
    expect((await rowsOf(userId)).map((row) => row.kind).sort()).toEqual(['auto_renewed', 'renew_failed']);
    await runNoticeRound(sender);
    t.clock.advance(1_000);
    await runNoticeRound(sender);
    const told = fake.to(chatId).slice(-2).join('\n');
    expect(told).toContain(`✅ Rental #${renewing.id} (`);
    expect(told).toMatch(/renewed automatically for \$\d+\.\d\d\. It now ends \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
    expect(told).toContain(`⚠️ Rental #${unpaid.id} (`);
    expect(told).toContain('could not be renewed automatically: the proxy has been withdrawn from sale.');
  });
});

describe('the queue', () => {
  it('a 429 is retried after retry_after, and sent once', async () => {
    const { apiKey, userId, chatId } = await linkedCustomer();
    fake.failNext({ kind: '429', retryAfter: 7 });
    await redeemGiftcard(apiKey, 300);
    expect(await roundAfter(1_000)).toMatchObject({ sent: 0, retried: 1 });
    const [waiting] = await rowsOf(userId);
    expect(waiting).toMatchObject({ status: 'waiting', attempts: 1 });
    expect(waiting?.lastError).toMatch(/429 Too Many Requests: retry after 7/);
    expect(waiting!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(7_000);
    expect(await roundAfter(6_000)).toMatchObject({ sent: 0 });
    expect(await roundAfter(1_000)).toMatchObject({ sent: 1 });
    expect(await roundAfter(60_000)).toMatchObject({ sent: 0 });
    expect(fake.to(chatId).filter((text) => text.includes('$3.00 was credited'))).toHaveLength(1);
    expect((await rowsOf(userId))[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('a network error is retried with a growing wait', async () => {
    const { apiKey, userId, chatId } = await linkedCustomer();
    fake.failNext({ kind: 'drop' }, { kind: 'drop' });
    await redeemGiftcard(apiKey, 400);
    expect(await roundAfter(1_000)).toMatchObject({ retried: 1 });
    expect((await rowsOf(userId))[0]?.lastError).toMatch(/^sendMessage: network error/);
    expect(await roundAfter(5_000)).toMatchObject({ retried: 1 });
    expect(await roundAfter(5_000)).toMatchObject({ sent: 0 });
    expect(await roundAfter(5_000)).toMatchObject({ sent: 1 });
    expect(fake.to(chatId).filter((text) => text.includes('$4.00 was credited'))).toHaveLength(1);
  });

  it('survives a restart: a new app on the same database sends what was queued, and what a dead process had claimed', async () => {
    const { apiKey, userId, chatId } = await linkedCustomer();
    await redeemGiftcard(apiKey, 500);
    // A process claims the notice and dies mid-send (its request never answered): the row is leased.
    fake.failNext({ kind: 'hang' });
    t.clock.advance(1_000);
    const dying = runNoticeRound(sender).catch(() => undefined);
    await expect.poll(async () => (await rowsOf(userId))[0]?.leaseUntil).not.toBeNull();

    const restarted = await buildTestApp({
      database: t.database,
      env: { TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN, TELEGRAM_API_URL: fake.url },
    });
    try {
      restarted.clock.advance(t.clock.now().getTime() - restarted.clock.now().getTime() + 1_000);
      const second: NoticeSenderDeps = {
        ...sender,
        clock: restarted.clock,
        telegram: new TelegramApi(FAKE_BOT_TOKEN, fake.url),
      };
      expect(await runNoticeRound(second)).toMatchObject({ sent: 0 });
      restarted.clock.advance(60_000);
      expect(await runNoticeRound(second)).toMatchObject({ sent: 1 });
      restarted.clock.advance(60_000);
      expect(await runNoticeRound(second)).toMatchObject({ sent: 0 });
    } finally {
      await restarted.close();
    }
    expect(fake.to(chatId).filter((text) => text.includes('$5.00 was credited'))).toHaveLength(1);
    expect((await rowsOf(userId))[0]).toMatchObject({ status: 'sent' });
    // The dead process's send is cut (its connection closes): a late failure leaves the sent row as it is.
    fake.failNext();
    void dying;
  });

  it('one message a second to a chat, and at most 30 a second in all', async () => {
    const one = await linkedCustomer();
    for (const cents of [100, 200, 300]) await redeemGiftcard(one.apiKey, cents);
    expect(await roundAfter(1_000)).toMatchObject({ sent: 1 });
    expect(await runNoticeRound(sender)).toMatchObject({ sent: 0 });
    expect(await roundAfter(1_000)).toMatchObject({ sent: 1 });
    expect(await roundAfter(1_000)).toMatchObject({ sent: 1 });

    const many = [];
    for (let i = 0; i < TELEGRAM_PER_SECOND + 5; i += 1) many.push(await linkedCustomer(0));
    for (const customer of many) await redeemGiftcard(customer.apiKey, 100);
    expect(await roundAfter(1_000)).toMatchObject({ sent: TELEGRAM_PER_SECOND });
    expect(await roundAfter(500)).toMatchObject({ sent: 0 });
    expect(await roundAfter(600)).toMatchObject({ sent: 5 });
    const waiting = await t.database.db
      .select()
      .from(notices)
      .where(and(eq(notices.status, 'waiting'), eq(notices.channel, 'telegram')));
    expect(waiting).toEqual([]);
  });
});
