import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { noticeContacts, notices, rentals } from '../db/schema';
import { createGiftcards } from '../payments/giftcards-repository';
import { addProxies, customerCall, fundedCustomer, HOUR, adminToken, type TestApp } from '../../test/helper';
import { FAKE_BOT_TOKEN, FAKE_BOT_USERNAME, type TelegramFake } from '../../test/fakes/telegram-fake';
import { queueNotice } from './notice-queue';
import { runNoticeRound, type NoticeSenderDeps } from './notice-sender';
import { TelegramApi } from './telegram-api';
import { REPLY_GAP_MS } from './bot-replies';
import { pollOnce, type BotDeps } from './telegram-bot';
import { telegramShopPerFile } from '../../test/telegram-shop';
import { captureLog } from '../../test/log-capture';

let fake: TelegramFake;
let t: TestApp;
let bot: BotDeps;
let sender: NoticeSenderDeps;
let nextChat = 5000;

telegramShopPerFile('test-bot', (shop) => ({ fake, t, bot, sender } = shop));

const codeOf = (url: string) => new URL(url).searchParams.get('start') ?? '';

async function linkUrl(apiKey: string, language?: string) {
  const response = await customerCall(t, apiKey).post('/api/account/telegram', language ? { language } : undefined);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ success: true; url: string }>().url;
}

/** The user sends a message; the bot polls once and answers. Answers the reply. */
async function say(chatId: number, text: string, languageCode?: string): Promise<string> {
  // A chat gets one reply per few seconds: each message here comes after that gap.
  t.clock.advance(REPLY_GAP_MS);
  const before = fake.to(chatId).length;
  fake.userSays(chatId, text, languageCode);
  expect(await pollOnce(bot)).toBe(1);
  const replies = fake.to(chatId);
  expect(replies.length).toBe(before + 1);
  return replies.at(-1) ?? '';
}

async function linkedCustomer(cents = 1_000, language?: string) {
  const customer = await fundedCustomer(t, cents);
  const chatId = nextChat++;
  expect(await say(chatId, `/start ${codeOf(await linkUrl(customer.apiKey, language))}`)).toMatch(/^✅ /);
  return { ...customer, chatId };
}

const settingsOf = async (apiKey: string) =>
  (await customerCall(t, apiKey).get('/api/account/notices')).json<{ telegram: { linked: boolean } }>();

/** Sends what is due, moving the clock a second first (one message a second to a chat). */
async function round() {
  t.clock.advance(1_000);
  return runNoticeRound(sender);
}

async function redeemGiftcard(apiKey: string, cents: number) {
  const [code] = await createGiftcards(t.database.db, { amountCents: cents, count: 1, at: t.clock.now() });
  const response = await customerCall(t, apiKey).post('/api/payments/giftcard', { giftcard: code });
  expect(response.statusCode, response.body).toBe(200);
}

describe('linking a chat', () => {
  it('answers a deep link with the bot username from getMe and a one-time code', async () => {
    const { apiKey } = await fundedCustomer(t, 0);
    const url = await linkUrl(apiKey);
    expect(url).toMatch(new RegExp(`^https://t\\.me/${FAKE_BOT_USERNAME}\\?start=[\\w-]{20,64}$`));
    expect(fake.paths.some((path) => path.endsWith('/getMe'))).toBe(true);
    expect((await settingsOf(apiKey)).telegram).toEqual({ available: true, linked: false });
  });

  it('a wrong code links nothing; the right one links once; a used one links nothing', async () => {
    const { apiKey, userId } = await fundedCustomer(t, 2_500);
    const url = await linkUrl(apiKey);
    const chat = nextChat++;
    expect(await say(chat, '/start not-a-code')).toMatch(/invalid, expired or already used/);
    expect((await settingsOf(apiKey)).telegram.linked).toBe(false);
    expect(await say(chat, '/balance')).toMatch(/not connected to an account/);

    expect(await say(chat, `/start ${codeOf(url)}`)).toMatch(/^✅ Connected/);
    expect((await settingsOf(apiKey)).telegram.linked).toBe(true);
    expect(await say(chat, '/balance')).toBe('Balance: $25.00');

    const other = nextChat++;
    expect(await say(other, `/start ${codeOf(url)}`)).toMatch(/already used/);
    const [contact] = await t.database.db.select().from(noticeContacts).where(eq(noticeContacts.userId, userId));
    expect(contact?.telegramChatId).toBe(chat);
    expect(await say(other, '/proxies')).toMatch(/not connected/);
  });

  it('a newer link replaces the older unused one', async () => {
    const { apiKey } = await fundedCustomer(t, 0);
    const first = await linkUrl(apiKey);
    const second = await linkUrl(apiKey);
    const chat = nextChat++;
    expect(await say(chat, `/start ${codeOf(first)}`)).toMatch(/invalid, expired or already used/);
    expect(await say(chat, `/start ${codeOf(second)}`)).toMatch(/Connected/);
  });

  it('a code expires after an hour', async () => {
    const { apiKey } = await fundedCustomer(t, 0);
    const url = await linkUrl(apiKey);
    t.clock.advance(HOUR + 1);
    expect(await say(nextChat++, `/start ${codeOf(url)}`)).toMatch(/expired/);
  });

  it('answers in the account language, /proxies lists connected rentals with time left, /stop unlinks', async () => {
    const { apiKey, chatId } = await linkedCustomer(1_000, 'ru');
    expect(await say(chatId, '/proxies')).toBe('У вас нет подключённых прокси.');
    const [proxyId] = await addProxies(t, 1);
    expect(
      (await customerCall(t, apiKey).post('/api/proxy/buy', { task: 'up', id: proxyId, hours: 5 })).statusCode,
    ).toBe(200);
    const [rental] = await t.database.db
      .update(rentals)
      .set({
        status: 'connected',
        connectedAt: t.clock.now(),
        // Asked after the reply gap, the rental has 2 h 5 min left.
        endTime: new Date(t.clock.now().getTime() + REPLY_GAP_MS + 2 * HOUR + 5 * 60_000),
        note: 'shop A',
      })
      .where(eq(rentals.proxyId, proxyId!))
      .returning();
    const listed = await say(chatId, '/proxies');
    expect(listed).toContain('Ваши подключённые прокси:');
    expect(listed).toContain(`#${rental!.id} `);
    expect(listed).toContain('DE · shop A: осталось 2 ч 5 мин');
    expect(await say(chatId, 'hello')).toMatch(/^Команды:/);
    expect(await say(chatId, '/stop')).toMatch(/^Отключено/);
    expect((await settingsOf(apiKey)).telegram.linked).toBe(false);
    // Unlinked, the chat is nobody's: it is answered in its Telegram client's language (none here).
    expect(await say(chatId, '/balance')).toMatch(/not connected to an account/);
  });

  it('DELETE /api/account/telegram disconnects and drops what was waiting for the chat', async () => {
    const { apiKey, userId, chatId } = await linkedCustomer();
    await t.database.db.transaction((tx) =>
      queueNotice(
        tx,
        userId,
        { kind: 'proxy_replaced', rentalId: 1, proxyId: 2, newExitIp: '203.0.113.9' },
        { at: t.clock.now() },
      ),
    );
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/telegram',
      headers: { 'x-api-key': apiKey },
    });
    expect(response.json()).toEqual({ success: true });
    expect(await round()).toMatchObject({ sent: 0 });
    expect(fake.to(chatId).filter((text) => text.includes('203.0.113.9'))).toEqual([]);
    const [dropped] = await t.database.db.select().from(notices).where(eq(notices.userId, userId));
    expect(dropped).toMatchObject({ status: 'failed', lastError: 'the customer disconnected Telegram' });
  });
});

describe('notices by Telegram', () => {
  it('proxy_replaced names the rental and its new exit IP in the account language, once', async () => {
    for (const [language, expected] of [
      ['en', 'New exit IP: 203.0.113.77'],
      ['ru', 'Новый внешний IP: 203.0.113.77'],
      ['hi', 'नया एग्ज़िट IP: 203.0.113.77'],
      ['es', 'Nueva IP de salida: 203.0.113.77'],
      ['fr', 'Nouvelle IP de sortie : 203.0.113.77'],
      ['zh-CN', '新的出口 IP：203.0.113.77'],
    ] as const) {
      const { userId, chatId } = await linkedCustomer(0, language);
      const event = { kind: 'proxy_replaced', rentalId: 41, proxyId: 7, newExitIp: '203.0.113.77' } as const;
      await t.database.db.transaction(async (tx) => {
        expect(await queueNotice(tx, userId, event, { at: t.clock.now() })).toBe(1);
        // The same event again (a retried transaction) adds nothing.
        expect(await queueNotice(tx, userId, event, { at: t.clock.now() })).toBe(0);
      });
      expect(await round()).toMatchObject({ sent: 1 });
      expect(await round()).toMatchObject({ sent: 0 });
      const messages = fake.to(chatId).filter((text) => text.includes('203.0.113.77'));
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(/(#|n°)41 /);
      expect(messages[0]).toContain(expected);
    }
  });

  it('a notice queued in a transaction that rolls back is never sent', async () => {
    const { userId } = await linkedCustomer();
    await expect(
      t.database.db.transaction(async (tx) => {
        await queueNotice(tx, userId, { kind: 'proxy_replaced', rentalId: 9, proxyId: 9, newExitIp: '203.0.113.99' });
        throw new Error('replacement failed');
      }),
    ).rejects.toThrow('replacement failed');
    expect(await t.database.db.select().from(notices).where(eq(notices.userId, userId))).toEqual([]);
  });

  it('a payment credited (a gift card) is told with the new balance', async () => {
    const { apiKey, chatId } = await linkedCustomer(500);
    await redeemGiftcard(apiKey, 1_000);
    expect(await round()).toMatchObject({ sent: 1 });
    expect(fake.to(chatId).at(-1)).toBe('💰 $10.00 was credited to your balance. Balance: $15.00.');
  });

  it('a customer with no linked chat gets nothing queued', async () => {
    const { apiKey, userId } = await fundedCustomer(t, 0);
    await redeemGiftcard(apiKey, 1_000);
    expect(await t.database.db.select().from(notices).where(eq(notices.userId, userId))).toEqual([]);
  });
});

describe('the console', () => {
  it('lists notices sent, waiting and failed with the reason; a broadcast reaches every linked chat, throttled', async () => {
    const admin = { authorization: `Bearer ${await adminToken(t)}` };
    const linked = [await linkedCustomer(), await linkedCustomer()];
    const { userId: unlinkedId } = await linkedCustomer();
    await t.database.db
      .update(noticeContacts)
      .set({ telegramChatId: null })
      .where(eq(noticeContacts.userId, unlinkedId));
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/notices', headers: admin })).json<{
      telegramLinked: number;
    }>();

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/broadcast',
      headers: admin,
      payload: { title: 'Maintenance', content: 'Tonight 02:00 UTC', telegram: true },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { newsId, queued } = sent.json<{ newsId: string; queued: number }>();
    expect(queued).toBe(before.telegramLinked);
    const news = (await t.app.inject({ method: 'GET', url: '/api/news' })).json<{
      news: { _id: string; title: string }[];
    }>();
    expect(news.news.find((item) => item._id === newsId)?.title).toBe('Maintenance');

    fake.failNext({ kind: '429', retryAfter: 30 });
    await round();
    for (let i = 0; i < 3; i += 1) await round();
    for (const { chatId } of linked) expect(fake.to(chatId).at(-1)).toBe('📢 Maintenance\n\nTonight 02:00 UTC');

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/notices?status=waiting', headers: admin });
    const body = list.json<{ counts: Record<string, number>; notices: { kind: string; lastError: string | null }[] }>();
    expect(body.counts.waiting).toBe(1);
    expect(body.notices).toEqual([
      expect.objectContaining({ kind: 'broadcast', lastError: expect.stringMatching(/429/) }),
    ]);
    const failed = await t.app.inject({ method: 'GET', url: '/api/admin/notices?status=failed', headers: admin });
    expect(failed.json<{ notices: { lastError: string }[] }>().notices[0]?.lastError).toBeTruthy();
    const onlyNews = await t.app.inject({
      method: 'POST',
      url: '/api/admin/broadcast',
      headers: admin,
      payload: { title: 'Prices', content: 'Lower from Monday' },
    });
    expect(onlyNews.json()).toMatchObject({ success: true, queued: 0 });
  });
});

describe('the bot token', () => {
  it('never reaches a log line, whatever fails', async () => {
    const { pino } = await import('pino');
    const { portalLoggerOptions } = await import('../logging');
    const { lines, stream } = captureLog();
    const log = pino(portalLoggerOptions('trace'), stream);
    // Whatever logs a Bot API URL, the token in its path is cut.
    log.warn({ url: `${fake.url}/bot${FAKE_BOT_TOKEN}/getUpdates` }, 'a line that carries a Bot API URL');
    // A bot whose API cannot be reached logs its failures, without the token.
    const { closedPort } = await import('../../test/socks-upstream');
    const unreachable = new TelegramApi(FAKE_BOT_TOKEN, `http://127.0.0.1:${await closedPort()}`);
    const { startTelegramBot, releaseLease } = await import('./telegram-bot');
    await releaseLease(bot);
    const stop = startTelegramBot({ db: t.database.db, clock: t.clock, telegram: unreachable, pollSeconds: 0 }, log);
    await expect.poll(() => lines.some((line) => line.includes('telegram: polling failed'))).toBe(true);
    await stop();
    const text = lines.join('');
    expect(text).toContain('/bot[redacted]/getUpdates');
    expect(text).toContain('getUpdates: network error (ECONNREFUSED)');
    expect(text).not.toContain(FAKE_BOT_TOKEN.split(':')[1]);
  });
});
