import { expect, test, type Page } from '@playwright/test';
import { startSmtpFake } from '../apps/server/test/fakes/smtp-fake';
import { expectNoSeriousViolations, fundedCustomer } from './kit';

/** scripts/e2e-server.mjs gives the server this SMTP_URL; the fake listens there only during these tests. */
const SMTP_PORT = Number(process.env.E2E_PORT ?? 18321) + 27;

let smtp: Awaited<ReturnType<typeof startSmtpFake>>;
test.beforeAll(async () => {
  smtp = await startSmtpFake({ port: SMTP_PORT });
});
test.afterAll(() => smtp.close());

/** The confirmation link of the newest mail to the address, once the notice queue has sent it. */
async function linkSentTo(address: string): Promise<string> {
  await expect.poll(() => smtp.to(address).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const link = /https?:\/\/\S+\/email\/confirm\?\S+/.exec(smtp.to(address).at(-1)?.text ?? '');
  expect(link).not.toBeNull();
  return link![0];
}

async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('the confirmation link opened in a browser that is not signed in confirms the address (375 px, axe clean)', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  await fundedCustomer(page, request, '/account');
  const address = `e2e-${Date.now().toString(36)}@example.org`;
  await page.getByLabel('E-mail address').fill(address);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText(`Open the link we sent to ${address} to confirm it.`, { exact: false })).toBeVisible();
  const link = await linkSentTo(address);

  // The phone's mail app: another browser, never signed in.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  try {
    const opened = await phone.newPage();
    await opened.goto(link);
    await expect(opened.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
    await fitsTheScreen(opened);
    await expectNoSeriousViolations(opened, 'the confirmation page');
    await opened.screenshot({ path: testInfo.outputPath('confirm-en-375.png') });
    // Opening the page confirmed nothing.
    await page.reload();
    await expect(page.getByText(`Open the link we sent to ${address} to confirm it.`, { exact: false })).toBeVisible();

    await opened.getByRole('button', { name: 'Confirm address' }).click();
    await expect(opened.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
    // The used token leaves the address bar.
    expect(new URL(opened.url()).searchParams.has('token')).toBe(false);
    await fitsTheScreen(opened);
    await expectNoSeriousViolations(opened, 'the confirmed page');
    await opened.screenshot({ path: testInfo.outputPath('confirmed-en-375.png') });
    await opened.setViewportSize({ width: 1280, height: 800 });
    await opened.screenshot({ path: testInfo.outputPath('confirmed-en-1280.png') });
  } finally {
    await phone.close();
  }
  await page.reload();
  await expect(page.getByText(`Notices go to ${address}.`)).toBeVisible();
});

test('the page speaks the language of the mail; a used link says it no longer works (1280 px)', async ({
  request,
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  const { apiKey } = (await (await request.post('/api/register')).json()) as { apiKey: string };
  const address = `e2e-ru-${Date.now().toString(36)}@example.org`;
  const set = await request.post('/api/account/email', {
    headers: { 'x-api-key': apiKey },
    data: { email: address, language: 'ru' },
  });
  expect(set.ok()).toBe(true);
  const link = await linkSentTo(address);
  expect(new URL(link).searchParams.get('lang')).toBe('ru');

  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const opened = await desktop.newPage();
    await opened.goto(link);
    await opened.getByRole('button', { name: 'Подтвердить адрес' }).click();
    await expect(opened.getByRole('heading', { name: 'Адрес электронной почты подтверждён' })).toBeVisible();
    await opened.screenshot({ path: testInfo.outputPath('confirmed-ru-1280.png') });
    await opened.setViewportSize({ width: 375, height: 740 });
    await fitsTheScreen(opened);
    await opened.screenshot({ path: testInfo.outputPath('confirmed-ru-375.png') });
    const settings = await request.get('/api/account/notices', { headers: { 'x-api-key': apiKey } });
    expect(((await settings.json()) as { email: { confirmed: boolean } }).email.confirmed).toBe(true);

    // The same link again (an old /account?email_token= one, as mails sent before this page had it).
    await opened.goto(`/account?email_token=${new URL(link).searchParams.get('token')}`);
    await opened.getByRole('button', { name: 'Confirm address' }).click();
    await expect(opened.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
    await opened.screenshot({ path: testInfo.outputPath('used-en-1280.png') });
  } finally {
    await desktop.close();
  }
});
