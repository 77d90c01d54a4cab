import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { adminToken, expectNoSeriousViolations, fundedCustomer, pageErrors } from './kit';

// Each screen waits for its data: a catalogue of 100 rows took over 5 s to render on a shared,
// crowded machine. A wait for readiness, not a timing assertion.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Screenshots for a person to look at; the assertions below are what a test can check by itself. */
const SHOTS = path.resolve(import.meta.dirname, '../test-results/ux-shots');

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/** Nothing makes the page wider than the window: no sideways scrolling to find a button. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, `${where} is ${scroll} px wide in a ${width} px window`).toBeLessThanOrEqual(width);
}

/** The element lies inside the window's width (it may be further down the page). */
async function expectWithinWidth(page: Page, name: string, locator: ReturnType<Page['getByRole']>): Promise<void> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, name).not.toBeNull();
  expect(box!.x, name).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, name).toBeLessThanOrEqual(width);
}

/** A connected one-day rental of a free proxy for the customer, bought through the API. */
async function rentOne(request: APIRequestContext, apiKey: string): Promise<number> {
  const headers = { 'x-api-key': apiKey };
  const list = (await (await request.get('/api/proxy/list', { headers })).json()) as { proxies: { id: number }[] };
  const id = list.proxies[list.proxies.length - 1]!.id;
  const bought = await request.post('/api/proxy/buy', { headers, data: { task: 'up', id, hours: '24' } });
  expect(bought.ok()).toBe(true);
  await expect
    .poll(
      async () => {
        const answer = (await (await request.get('/api/proxy/history', { headers })).json()) as {
          history: { id: number; status: string }[];
        };
        return answer.history.find((record) => record.id === id)?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('connected');
  return id;
}

const LANGUAGES = ['en', 'ru', 'hi', 'es', 'fr', 'zh-CN'] as const;
const WIDTHS = [375, 1280] as const;

/**
 * Page errors and i18next's missing-key handler (src/lib/i18n.ts logs each missing key as a
 * console error): every screen below must show only translated text.
 */
function watchProblems(page: Page): string[] {
  const problems = pageErrors(page);
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('i18next: missing translation'))
      problems.push(message.text());
  });
  return problems;
}

/**
 * Lets a resized page lay itself out again before it is measured: two frames, or a second at most.
 * Headless Chromium may stop drawing a page for a while, and a frame that never comes hung a CI run
 * for the whole test timeout; the measurements that follow force a layout of their own anyway.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        requestAnimationFrame(() => requestAnimationFrame(() => done()));
        setTimeout(done, 1000);
      }),
  );
}

/**
 * Where axe runs. What it finds follows a page's structure, which the width changes (cards or a
 * table, a menu or a bar) and the language does not, but for the names it reads: so every screen
 * at both widths in English, and each other language at one width, taking turns (375 px in hi
 * and fr, 1,280 px in ru, es and zh-CN). Axe is most of this file's time: at both widths in every
 * language it cost CI two to three minutes more, and what it has found here so far showed in every
 * language alike.
 */
function axeAt(language: (typeof LANGUAGES)[number], width: (typeof WIDTHS)[number]): boolean {
  const turn = LANGUAGES.indexOf(language);
  return turn === 0 || WIDTHS[turn % WIDTHS.length] === width;
}

/**
 * What every screen is held to, at each width in turn on the page as loaded: no sideways
 * scrolling, nothing serious for axe (see `axeAt`); a picture at 375 px. One load checked at both
 * widths costs half of loading each screen once per width, which keeps this file within CI's time.
 */
async function checkScreen(page: Page, name: string, language: (typeof LANGUAGES)[number]): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await settle(page);
    const tag = `${language}-${width}`;
    await expectNoSidewaysScroll(page, `${name} ${tag}`);
    if (axeAt(language, width)) await expectNoSeriousViolations(page, `${name} ${tag}`);
    // The first screen, as a phone shows it: a whole page of rows is too tall to look at.
    if (width === 375) await shot(page, `${name}-${tag}`, false);
  }
}

for (const language of LANGUAGES) {
  test(`customer and operator screens in ${language} at 375 px and 1280 px`, async ({ page, request }) => {
    test.setTimeout(480_000);
    const problems = watchProblems(page);
    await page.setViewportSize({ width: 375, height: 800 });
    // Data on every screen: a customer with a gift card, a rental and its history.
    const apiKey = await fundedCustomer(page, request);
    await page.evaluate((lang) => localStorage.setItem('language', lang), language);
    const id = await rentOne(request, apiKey);

    await page.goto('/proxy');
    await expect(page.getByTestId('proxy-row').first()).toBeVisible();
    await expect(page.getByTestId('day-price').first()).toHaveText(/\d/);
    await checkScreen(page, 'catalogue', language);

    await page.goto('/history');
    const row = page.getByTestId('history-row').first();
    await expect(row).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await settle(page);
      for (const button of await row.getByRole('button').all())
        await expectWithinWidth(page, `history action at ${width} px`, button);
    }
    await checkScreen(page, 'history', language);

    // Manage, on a phone: a new password shows in the open dialog at once.
    await page.setViewportSize({ width: 375, height: 800 });
    await settle(page);
    await row.getByRole('button').nth(1).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const socks = dialog.locator('code').first();
    const before = await socks.textContent();
    await checkScreen(page, 'manage', language);
    await page.setViewportSize({ width: 375, height: 800 });
    const password = dialog.locator('section[aria-labelledby="manage-password"]');
    await password.getByRole('button').click();
    await password.getByRole('button').last().click();
    await expect(socks).not.toHaveText(before ?? '');
    await expect(dialog).toBeVisible();
    // The toast opens below the header: the balance and Log out stay uncovered.
    const toast = page.locator('[data-sonner-toast]').first();
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-mounted', 'true');
    const headerBox = (await page.locator('header').first().boundingBox())!;
    // The toast slides in from above, and is shown for 3 s: its settled place is read in the page,
    // once its slide-in has ended, since readings over the wire on a slow machine can come after
    // it has gone. (It cannot be hovered to keep it: the open dialog takes the pointer.)
    const toastTop = await toast.evaluate(async (element) => {
      await Promise.all(element.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
      return element.getBoundingClientRect().top;
    });
    expect(toastTop).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    const fresh = (await (await request.get('/api/proxy/history', { headers: { 'x-api-key': apiKey } })).json()) as {
      history: { id: number; proxy_pwd: string }[];
    };
    await expect(socks).toContainText(fresh.history.find((record) => record.id === id)!.proxy_pwd);
    await page.keyboard.press('Escape');

    await page.goto('/payment');
    await expect(page.getByRole('tab').first()).toBeVisible();
    await checkScreen(page, 'payment', language);
    await page.getByRole('tab').last().click();
    await expect(page.getByTestId('activity-row')).toHaveCount(2);
    await checkScreen(page, 'wallet-activity', language);

    for (const [name, path] of [
      ['account', '/account'],
      ['stock', '/stock'],
      ['news', '/news'],
      ['support', '/support'],
      ['terms', '/terms'],
      ['landing', '/'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await checkScreen(page, name, language);
    }

    // Signing up again while signed in asks first and keeps the account.
    await page.goto('/signup');
    await expect(page.getByTestId('signup-signed-in')).toBeVisible();
    await checkScreen(page, 'signup-signed-in', language);
    expect(await page.evaluate(() => localStorage.getItem('apiKey'))).toBe(apiKey);

    // The operator's console, over the same customer's data.
    const token = await adminToken(request);
    await page.evaluate((value) => localStorage.setItem('adminToken', value), token);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin');
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // On a phone the navigation is behind a menu button; on a desktop it is on the page.
    await page.locator('header button:visible').first().click();
    await expect(page.getByRole('dialog').getByRole('link').first()).toBeVisible();
    await shot(page, `console-menu-${language}-375`);
    await page.keyboard.press('Escape');
    await checkScreen(page, 'console-overview', language);
    // At 1,280 px every link of the console's navigation is on one row.
    const rows = await page
      .locator('header nav')
      .getByRole('link')
      .evaluateAll((links) => new Set(links.map((link) => Math.round(link.getBoundingClientRect().top))).size);
    expect(rows, `console navigation rows in ${language} at 1280 px`).toBe(1);
    await shot(page, `console-nav-${language}-1280`, false);
    await expect(page.getByRole('navigation').first()).toBeVisible();

    for (const screen of [
      'inventory',
      'customers',
      'giftcards',
      'audit',
      'replacements',
      'notices',
      'operators',
      'news',
      'security',
    ]) {
      await page.goto(`/admin/${screen}`);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      if (['inventory', 'customers', 'giftcards', 'audit'].includes(screen))
        await expect(page.locator('main table tbody tr').first()).toBeVisible();
      await checkScreen(page, `console-${screen}`, language);
    }
    // A customer's page: balance, ledger, rentals and payments.
    await page.goto('/admin/customers');
    await page.locator('main table tbody tr a').first().click();
    await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
    await page.waitForLoadState('networkidle');
    await checkScreen(page, 'console-customer', language);
    expect(problems).toEqual([]);
  });
}

test('opening /signup while signed in keeps the account and its balance until a new one is chosen', async ({
  page,
  request,
}) => {
  const apiKey = await fundedCustomer(page, request);
  await page.goto('/signup');
  await expect(page.getByText('You are already signed in.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText('$10.00');
  await page.reload();
  await expect(page.getByTestId('signup-signed-in')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the catalogue' }).click();
  await expect(page).toHaveURL(/\/proxy$/);
  await expect(page.getByTestId('wallet-balance')).toHaveText('$10.00');
  expect(await page.evaluate(() => localStorage.getItem('apiKey'))).toBe(apiKey);

  await page.goto('/signup');
  await page.getByRole('button', { name: 'Create a new account' }).click();
  const newKey = (await page.getByTestId('new-api-key').textContent()) ?? '';
  expect(newKey).toMatch(/^px_/);
  expect(newKey).not.toBe(apiKey);
  await expect(page.getByTestId('wallet-balance')).toHaveText('$0.00');
});

test('a visitor and a customer with $0 see what is for sale with prices', async ({ page, request }) => {
  await page.goto('/stock');
  await expect(page.getByTestId('stock-group').first()).toBeVisible();
  await expect(page.getByTestId('stock-group').first()).toContainText('$');
  await shot(page, 'stock-visitor-1280');
  await expectNoSeriousViolations(page, '/stock');

  await page.setViewportSize({ width: 375, height: 800 });
  const { apiKey } = (await (await request.post('/api/register')).json()) as { apiKey: string };
  await page.evaluate((key) => localStorage.setItem('apiKey', key), apiKey);
  await page.goto('/proxy');
  await expect(page.getByRole('alert').getByRole('link', { name: 'Add funds' })).toBeVisible();
  await expect(page.getByRole('alert').getByRole('link', { name: 'What is in stock' })).toHaveAttribute(
    'href',
    '/stock',
  );
  await expect(page.getByTestId('stock-group').first()).toContainText('$');
  await expectNoSidewaysScroll(page, '/proxy with $0');
  await shot(page, 'catalogue-empty-wallet-375');
  await expectNoSeriousViolations(page, '/proxy with $0 at 375 px');
});
