import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminSecret, adminToken, expectNoSeriousViolations, fundedCustomer } from './kit';

const telegramFake = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 18321) + 22}`;
const DEEP_LINK = /^https:\/\/t\.me\/proxyport_e2e_bot\?start=[\w-]{20,64}$/;
/** Names this run's broadcasts, so that they can be removed whatever happens. */
const MARKER = `e2e-broadcast-${Date.now().toString(36)}`;

// A broadcast is a news item too, and other browser tests share this server and expect /news to
// be empty: this run's items go.
test.afterAll(async ({ request }) => {
  const token = await adminToken(request);
  const { news } = (await (await request.get('/api/news')).json()) as { news: { _id: string; title: string }[] };
  for (const item of news.filter((n) => n.title.includes(MARKER))) {
    await request.delete(`/api/admin/news/${item._id}`, { headers: { authorization: `Bearer ${token}` } });
  }
});

/** The user presses Start in Telegram on the deep link, from a chat numbered from `firstChat` up. */
async function pressStart(request: APIRequestContext, url: string, firstChat: number): Promise<number> {
  const chatId = firstChat + Math.floor(Math.random() * 100_000);
  await request.post(`${telegramFake}/test/say`, {
    data: { chatId, text: `/start ${new URL(url).searchParams.get('start')}` },
  });
  return chatId;
}

/** What the bot has sent so far, to every chat, as the (fake) Bot API recorded it. */
async function botMessages(request: APIRequestContext): Promise<{ chatId: number; text: string }[]> {
  return (await (await request.get(`${telegramFake}/test/sent`)).json()) as { chatId: number; text: string }[];
}

/**
 * A new funded customer presses Connect Telegram on /account: the deep link appears, as text and
 * as the Open Telegram link. Answers the link.
 */
async function connect(page: Page, request: APIRequestContext): Promise<string> {
  await fundedCustomer(page, request, '/account');
  await page.getByRole('button', { name: 'Connect Telegram' }).click();
  const shown = page.getByTestId('telegram-link').locator('code');
  await expect(shown).toHaveText(DEEP_LINK);
  const url = (await shown.textContent()) ?? '';
  await expect(page.getByRole('link', { name: 'Open Telegram' })).toHaveAttribute('href', url);
  return url;
}

test('Connect Telegram shows the deep link; /start with its code links the chat (desktop, axe clean)', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const url = await connect(page, request);
  await expectNoSeriousViolations(page, '/account with the Telegram link');

  // The user presses Start in Telegram: the bot, polling the (fake) Bot API, links the chat.
  const chatId = await pressStart(request, url, 700_000);
  await expect
    .poll(
      async () =>
        (await botMessages(request)).filter((message) => message.chatId === chatId).map((message) => message.text),
      { timeout: 15_000 },
    )
    .toEqual([expect.stringMatching(/^✅ Connected/)]);
  // The page sees the link without a reload: it looks again while the deep link is shown.
  await expect(page.getByText('Connected: notices come to your Telegram chat.')).toBeVisible({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Disconnect Telegram' }).click();
  await expect(page.getByRole('button', { name: 'Connect Telegram' })).toBeVisible();
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('Connect Telegram shows the deep link, fits the screen, axe clean', async ({ page, request }) => {
    test.setTimeout(60_000);
    await connect(page, request);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousViolations(page, '/account at 375 px');
  });
});

test('the console broadcasts to linked chats and lists the notices sent, axe clean, at 375 px too', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const url = await connect(page, request);
  const chatId = await pressStart(request, url, 800_000);
  await page.reload();
  await expect(page.getByText('Connected: notices come to your Telegram chat.')).toBeVisible({ timeout: 15_000 });

  await page.goto('/admin/notices');
  await page.getByLabel('Secret code').fill(adminSecret());
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Notices', level: 1 })).toBeVisible();
  const title = `Maintenance ${MARKER}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message').fill('Tonight 02:00 UTC');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^Published as news\. Telegram messages queued: [1-9]\d*$/)).toBeVisible();
  await expect
    .poll(
      async () =>
        (await botMessages(request)).some(
          (message) => message.chatId === chatId && message.text.startsWith(`📢 ${title}`),
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
  await page.getByRole('button', { name: 'Sent', exact: true }).click();
  await expect(page.getByTestId('notice-row').filter({ hasText: 'broadcast' }).first()).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/notices');
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
