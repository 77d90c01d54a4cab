import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { pageErrors } from './kit';

/** Signs up from the landing page and returns the new API key shown once. */
async function signUpFromLanding(page: Page): Promise<string> {
  await page.goto('/');
  const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
  await hero.getByRole('link', { name: 'Get your API key' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  const key = page.getByTestId('new-api-key');
  await expect(key).toHaveText(/^px_/);
  await expect(page.getByText(/Save this key now/)).toBeVisible();
  return (await key.textContent()) ?? '';
}

test('landing → sign up → key shown → Add funds opens /payment; logout, then login with the key → /proxy', async ({
  page,
}) => {
  const failures = pageErrors(page);

  const apiKey = await signUpFromLanding(page);
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText('$0.00');
  await page.getByRole('link', { name: 'Add funds to your wallet' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('link', { name: 'Payments' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Successfully logged out')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('apiKey'))).toBeNull();

  await page.getByLabel('API key').fill(`  ${apiKey}  `);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/proxy$/);
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText('$0.00');

  // The account page shows the key (copy) and the referral link built from the login's referral_key.
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByText(/\/signup\?ref=/)).toBeVisible();
  expect(failures).toEqual([]);
});

test('a wrong key says "Invalid API key" and an empty one "API key is required"', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('API key is required');
  await page.getByLabel('API key').fill('px_this_is_not_a_key');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid API key');
  await expect(page).toHaveURL(/\/login$/);
});

test('switching to Russian changes the signed-in header and survives a reload', async ({ page }) => {
  await signUpFromLanding(page);
  await page.getByRole('link', { name: 'Add funds to your wallet' }).click();
  await page.getByLabel('Language').selectOption('ru');
  const nav = page.getByRole('navigation', { name: 'Основная навигация' });
  await expect(nav.getByRole('link', { name: 'Аккаунт' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Аккаунт' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu opens, locks page scroll, and closes on a link', async ({ page }) => {
    // The scroll lock must work under the strict CSP, not be refused by it.
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    await signUpFromLanding(page);
    await page.getByRole('link', { name: 'Add funds to your wallet' }).click();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await menu.getByRole('link', { name: 'Account' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/account$/);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

    // The mobile logout entry closes the menu and ends the session.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('dialog')).toBeHidden();
    expect(refused).toEqual([]);
  });
});

test('public pages: news (empty or failing, never fake), terms with eight sections, support copy, articles', async ({
  page,
}) => {
  await page.goto('/news');
  await expect(page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
  await expect(
    page.getByText('No news available at the moment.').or(page.getByRole('alert').getByText('Error fetching data')),
  ).toBeVisible();

  await page.goto('/terms');
  await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link')).toHaveCount(8);
  await expect(page.getByText(/Ports 25, 465, 587 \(mail, SMTP\) are blocked/)).toBeVisible();

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/support');
  // SUPPORT_CONTACT of the e2e server, read at run time (GET /api/site).
  await page.getByRole('button', { name: 'help@e2e-shop.example' }).click();
  await expect(page.getByText('Address copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('help@e2e-shop.example');

  await page.goto('/articles/setup-proxy');
  await expect(page.getByRole('tab', { name: 'Chrome' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Firefox' }).click();
  await expect(page.getByText(/Manual proxy configuration/)).toBeVisible();
  await page.getByRole('link', { name: /Anti-detect browsers/ }).click();
  await expect(page).toHaveURL(/\/articles\/enable-antidetect$/);
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the login page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('API key')).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('signed-in account, terms, news, support and a help article have no serious accessibility violations', async ({
  page,
}) => {
  await signUpFromLanding(page);
  for (const path of ['/account', '/terms', '/news', '/support']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path} ${v.id}: ${v.help}`)).toEqual([]);
  }
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto('/articles/setup-proxy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});
