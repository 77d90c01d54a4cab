import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { telegramReplies } from '../db/schema';
import { customerCall, fundedCustomer, type TestApp } from '../../test/helper';
import type { TelegramFake } from '../../test/fakes/telegram-fake';
import { telegramShopPerFile, type TelegramShop } from '../../test/telegram-shop';
import { REPLY_GAP_MS, runReplyRound } from './bot-replies';
import { queueNotice } from './notice-queue';
import { runNoticeRound, type NoticeSenderDeps } from './notice-sender';
import { pollOnce, type BotDeps } from './telegram-bot';

let shop: TelegramShop;
let fake: TelegramFake;
let t: TestApp;
let bot: BotDeps;
let sender: NoticeSenderDeps;
let nextChat = 20_000;

telegramShopPerFile(
  'replies-test',
  (started) => {
    shop = started;
    ({ fake, t, bot, sender } = started);
  },
  // Replies one test leaves unsent must not be sent in another either.
  async (app) => {
    await app.database.db.update(telegramReplies).set({ text: null });
  },
);

const replies = () => runReplyRound({ db: t.database.db, clock: t.clock, telegram: shop.telegram });

async function replyRow(chatId: number) {
  const [row] = await t.database.db.select().from(telegramReplies).where(eq(telegramReplies.chatId, chatId));
  return row;
}

async function linkedCustomer() {
  const customer = await fundedCustomer(t, 1_000);
  const chatId = nextChat++;
  const url = (await customerCall(t, customer.apiKey).post('/api/account/telegram')).json<{ url: string }>().url;
  t.clock.advance(REPLY_GAP_MS);
  fake.userSays(chatId, `/start ${new URL(url).searchParams.get('start')}`);
  expect(await pollOnce(bot)).toBe(1);
  expect(fake.to(chatId)).toEqual([expect.stringMatching(/^✅ /)]);
  return { ...customer, chatId };
}

const replaced = (userId: number, ip: string) =>
  t.database.db.transaction((tx) =>
    queueNotice(
      tx,
      userId,
      { kind: 'proxy_replaced', rentalId: 1, proxyId: Number(ip.split('.').at(-1)), newExitIp: ip },
      { at: t.clock.now() },
    ),
  );

describe("the bot's replies go through the queue", () => {
  it('a reply that meets a 429 is sent after retry_after, once', async () => {
    const chat = nextChat++;
    fake.failNext({ kind: '429', retryAfter: 5 });
    fake.userSays(chat, '/start wrong-code');
    expect(await pollOnce(bot)).toBe(1);
    expect(fake.to(chat)).toEqual([]);
    expect(await replyRow(chat)).toMatchObject({ lastError: expect.stringMatching(/429/) });

    t.clock.advance(4_000);
    expect(await replies()).toMatchObject({ sent: 0 });
    expect(fake.to(chat)).toEqual([]);
    t.clock.advance(1_000);
    expect(await replies()).toMatchObject({ sent: 1 });
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(1_000);
      await replies();
    }
    expect(fake.to(chat)).toEqual([expect.stringMatching(/invalid, expired or already used/)]);
    expect(await replyRow(chat)).toMatchObject({ text: null, lastError: null });
  });

  it('100 messages from one chat get a reply per few seconds, the newest answer; other chats still get theirs', async () => {
    const customer = await linkedCustomer();
    const flooder = nextChat++;
    const other = nextChat++;
    t.clock.advance(REPLY_GAP_MS);
    expect(await replaced(customer.userId, '203.0.113.41')).toBe(1);

    // Ten messages a second for ten seconds, each second polled and the queues' rounds run.
    for (let second = 0; second < 10; second += 1) {
      for (let i = 0; i < 10; i += 1) fake.userSays(flooder, i === 9 ? '/balance' : `/start guess-${second}-${i}`);
      if (second === 5) fake.userSays(other, '/help');
      expect(await pollOnce(bot)).toBe(second === 5 ? 11 : 10);
      await runNoticeRound(sender);
      await replies();
      t.clock.advance(1_000);
    }
    for (let i = 0; i < 5; i += 1) {
      await replies();
      t.clock.advance(1_000);
    }
    const flood = fake.to(flooder);
    // One at once, then one every REPLY_GAP_MS: 100 messages in ten seconds get at most five.
    expect(flood.length).toBeGreaterThanOrEqual(2);
    expect(flood.length).toBeLessThanOrEqual(1 + Math.ceil(10_000 / REPLY_GAP_MS));
    expect(flood.at(-1)).toMatch(/not connected to an account/);
    expect(fake.to(other)).toEqual([expect.stringMatching(/not connected to an account/)]);
    expect(fake.to(customer.chatId).filter((text) => text.includes('203.0.113.41'))).toHaveLength(1);
    expect(await replyRow(flooder)).toMatchObject({ text: null });
  });

  it('a reply and a notice to one chat keep one message a second between them', async () => {
    const customer = await linkedCustomer();
    t.clock.advance(REPLY_GAP_MS);
    expect(await replaced(customer.userId, '203.0.113.42')).toBe(1);
    fake.userSays(customer.chatId, '/balance');
    expect(await pollOnce(bot)).toBe(1);
    expect(fake.to(customer.chatId).at(-1)).toBe('Balance: $10.00');
    expect(await runNoticeRound(sender)).toMatchObject({ sent: 0 });
    t.clock.advance(1_000);
    expect(await runNoticeRound(sender)).toMatchObject({ sent: 1 });
    expect(fake.to(customer.chatId).at(-1)).toContain('203.0.113.42');

    // And the other way round: a notice claimed this second holds the chat's reply back.
    t.clock.advance(REPLY_GAP_MS);
    expect(await replaced(customer.userId, '203.0.113.43')).toBe(1);
    expect(await runNoticeRound(sender)).toMatchObject({ sent: 1 });
    fake.userSays(customer.chatId, '/balance');
    expect(await pollOnce(bot)).toBe(1);
    expect(fake.to(customer.chatId).at(-1)).toContain('203.0.113.43');
    t.clock.advance(1_000);
    expect(await replies()).toMatchObject({ sent: 1 });
    expect(fake.to(customer.chatId).at(-1)).toBe('Balance: $10.00');
  });
});
