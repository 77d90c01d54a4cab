import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../db/schema';
import { createGiftcards } from '../payments/giftcards-repository';
import { buildTestApp, customerCall, fundedCustomer, type TestApp } from '../../test/helper';
import { startSmtpFake } from '../../test/fakes/smtp-fake';
import { createMailer, type Mailer } from './mailer';
import { runNoticeRound, type NoticeSenderDeps } from './notice-sender';
import { LEASE_MS } from './delivery';
import { until } from '../../test/gateway-kit';

let smtp: Awaited<ReturnType<typeof startSmtpFake>>;
let t: TestApp;
let mailer: Mailer;
let sender: NoticeSenderDeps;
const PUBLIC_URL = 'https://shop.example.com';

beforeAll(async () => {
  smtp = await startSmtpFake();
  t = await buildTestApp({
    env: { SMTP_URL: smtp.url, SMTP_FROM: 'Shop <notices@shop.example.com>', PUBLIC_URL, GIFTCARD_RATE_LIMIT: '1000' },
  });
  mailer = createMailer(t.config.notices.smtp!);
  sender = { db: t.database.db, clock: t.clock, telegram: null, mailer, publicUrl: t.config.publicUrl };
});
afterAll(async () => {
  mailer.close();
  await t.close();
  await smtp.close();
});

async function redeemGiftcard(apiKey: string, cents: number) {
  const [code] = await createGiftcards(t.database.db, { amountCents: cents, count: 1, at: t.clock.now() });
  expect((await customerCall(t, apiKey).post('/api/payments/giftcard', { giftcard: code })).statusCode).toBe(200);
}

async function round() {
  t.clock.advance(1_000);
  return runNoticeRound(sender);
}

const settingsOf = async (apiKey: string) =>
  (await customerCall(t, apiKey).get('/api/account/notices')).json<{
    email: { available: boolean; address: string | null; confirmed: boolean; topics: string[] };
  }>().email;

/** The confirmation link in a mail: the public page, with the token and the mail's language. */
const linkOf = (text: string) => {
  const link = new RegExp(`${PUBLIC_URL}/email/confirm\\?token=[\\w-]+(&lang=[\\w-]+)?`).exec(text);
  expect(link, text).not.toBeNull();
  return new URL(link![0]);
};
const tokenOf = (text: string) => linkOf(text).searchParams.get('token')!;

describe('notices by e-mail', () => {
  it('an unconfirmed address gets only its confirmation; once confirmed, the notices, as chosen', async () => {
    const { apiKey, userId } = await fundedCustomer(t, 0);
    const address = 'buyer@example.org';
    const set = await customerCall(t, apiKey).post('/api/account/email', { email: ` ${address} ` });
    expect(set.json()).toEqual({ success: true });
    expect(await settingsOf(apiKey)).toEqual({
      available: true,
      address,
      confirmed: false,
      topics: ['expiry', 'renewal', 'payment', 'replacement'],
    });
    await redeemGiftcard(apiKey, 1_000);
    expect(await round()).toMatchObject({ sent: 1 });
    expect(await round()).toMatchObject({ sent: 0 });
    const [confirmation, ...others] = smtp.to(address);
    expect(others).toEqual([]);
    expect(confirmation).toMatchObject({ from: 'notices@shop.example.com', subject: 'Confirm your e-mail address' });
    const token = tokenOf(confirmation!.text);
    // Once sent, the token is no longer kept in the queue.
    const [sent] = await t.database.db.select().from(notices).where(eq(notices.userId, userId));
    expect(JSON.stringify(sent?.payload)).not.toContain(token);

    const wrong = await t.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token: 'nope' } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ code: 'EMAIL_TOKEN_INVALID' });
    const confirm = () => t.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token } });
    expect((await confirm()).json()).toEqual({ success: true });
    expect((await confirm()).statusCode).toBe(404);
    expect((await settingsOf(apiKey)).confirmed).toBe(true);

    await redeemGiftcard(apiKey, 2_000);
    expect(await round()).toMatchObject({ sent: 1 });
    const notice = smtp.to(address).at(-1);
    expect(notice?.subject).toBe('Payment credited');
    expect(notice?.text).toContain('💰 $20.00 was credited to your balance. Balance: $30.00.');
    expect(notice?.text).toContain(`${PUBLIC_URL}/account`);

    const topics = await customerCall(t, apiKey).post('/api/account/email/topics', { topics: ['expiry'] });
    expect(topics.json()).toEqual({ success: true });
    await redeemGiftcard(apiKey, 500);
    expect(await round()).toMatchObject({ sent: 0 });
    expect(smtp.to(address)).toHaveLength(2);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/email',
      headers: { 'x-api-key': apiKey },
    });
    expect(removed.json()).toEqual({ success: true });
    expect(await settingsOf(apiKey)).toMatchObject({ address: null, confirmed: false });
  });

  it('a round slower than its lease sends no e-mail another process has taken over since', async () => {
    const { apiKey } = await fundedCustomer(t, 0);
    const address = 'slow-relay@example.org';
    await customerCall(t, apiKey).post('/api/account/email', { email: address });
    expect(await round()).toMatchObject({ sent: 1 });
    const token = tokenOf(smtp.to(address)[0]!.text);
    await t.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token } });
    await redeemGiftcard(apiKey, 100);
    await redeemGiftcard(apiKey, 200);

    // This process claims both and is stuck on the first, past the lease.
    const release = smtp.hold();
    t.clock.advance(1_000);
    const slow = runNoticeRound(sender);
    await until(() => smtp.waiting() === 1);
    t.clock.advance(LEASE_MS + 1_000);
    // Another process takes both over and is held on the first too; then the relay answers.
    const other = runNoticeRound({ ...sender, mailer: createMailer(t.config.notices.smtp!) });
    await until(() => smtp.waiting() === 2);
    release();
    expect(await other).toMatchObject({ sent: 2 });
    expect(await slow).toMatchObject({ sent: 1 });
    const credited = smtp.to(address).filter((mail) => mail.subject === 'Payment credited');
    // The first went out twice (its send was under way when its lease ran out); the second once.
    expect(credited.map((mail) => /\$\d+\.\d\d/.exec(mail.text)?.[0]).sort()).toEqual(['$1.00', '$1.00', '$2.00']);
  });

  it('a confirmation link expires after a day, and a new address needs a new confirmation', async () => {
    const { apiKey } = await fundedCustomer(t, 0);
    await customerCall(t, apiKey).post('/api/account/email', { email: 'first@example.org' });
    await round();
    const first = tokenOf(smtp.to('first@example.org').at(-1)!.text);
    t.clock.advance(24 * 3_600_000 + 1);
    const late = await t.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token: first } });
    expect(late.statusCode).toBe(404);

    await customerCall(t, apiKey).post('/api/account/email', { email: 'second@example.org', language: 'fr' });
    await round();
    const mail = smtp.to('second@example.org').at(-1)!;
    expect(mail.text).toContain('Ouvrez ce lien');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/account/email/confirm',
      payload: { token: tokenOf(mail.text) },
    });
    expect(ok.statusCode).toBe(200);
    expect(await settingsOf(apiKey)).toMatchObject({ address: 'second@example.org', confirmed: true });
  });

  it('opening the link (a GET, as a mail scanner does) confirms nothing; the POST does, once, within the day', async () => {
    const { apiKey } = await fundedCustomer(t, 0);
    const address = 'scanned@example.org';
    await customerCall(t, apiKey).post('/api/account/email', { email: address, language: 'ru' });
    await round();
    const link = linkOf(smtp.to(address).at(-1)!.text);
    expect(link.pathname).toBe('/email/confirm');
    expect(link.searchParams.get('lang')).toBe('ru');
    const token = link.searchParams.get('token')!;
    const url = `${link.pathname}${link.search}`;
    // What a scanner or a link preview may fetch: the page, the old link, the API call by GET or HEAD.
    for (const fetched of [url, `/account?email_token=${token}`, `/api/account/email/confirm?token=${token}`]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const opened = await t.app.inject({ method, url: fetched });
        expect(opened.statusCode, `${method} ${fetched}`).toBeLessThan(500);
      }
    }
    expect(await settingsOf(apiKey)).toMatchObject({ address, confirmed: false });

    // The link still works just before its day is over.
    t.clock.advance(24 * 3_600_000 - 60_000);
    const confirm = () => t.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token } });
    expect((await confirm()).json()).toEqual({ success: true });
    expect(await settingsOf(apiKey)).toMatchObject({ address, confirmed: true });
    const again = await confirm();
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'EMAIL_TOKEN_INVALID' });
  });

  it('refuses a bad address and topics without an address, changing nothing', async () => {
    const { apiKey } = await fundedCustomer(t, 0);
    const bad = await customerCall(t, apiKey).post('/api/account/email', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    const topics = await customerCall(t, apiKey).post('/api/account/email/topics', { topics: ['payment'] });
    expect(topics.statusCode).toBe(409);
    expect(topics.json()).toMatchObject({ code: 'EMAIL_NOT_SET' });
    expect(await settingsOf(apiKey)).toMatchObject({ address: null });
  });

  it('without SMTP_URL the calls say e-mail is not offered', async () => {
    const plain = await buildTestApp({ database: t.database });
    try {
      const { apiKey } = await fundedCustomer(plain, 0);
      const set = await customerCall(plain, apiKey).post('/api/account/email', { email: 'x@example.org' });
      expect(set.statusCode).toBe(503);
      expect(set.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIGURED' });
      const link = await customerCall(plain, apiKey).post('/api/account/telegram');
      expect(link.json()).toMatchObject({ code: 'TELEGRAM_NOT_CONFIGURED' });
    } finally {
      await plain.close();
    }
  });
});
