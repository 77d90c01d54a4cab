import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { adminSecret, expectNoSeriousViolations, pageErrors } from './kit';

async function logIn(page: Page, secret: string) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await page.getByLabel('Secret code').fill(secret);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** No sideways scrolling of the page at this width, and the way out in view (behind Menu on a phone). */
async function fitsTheWidth(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, where).toBeLessThanOrEqual(0);
  await expect(page.getByRole('button', { name: /^(Log out|Menu)$/ })).toBeInViewport();
}

/** Log out, from the header or, on a phone, from the menu. */
async function logOut(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Log out' }).click();
}

test('the owner adds a support operator, who sets up an authenticator and sees only the screens of the role', async ({
  page,
}) => {
  // Two logins, a setup, and axe on four states at two widths: more than the default 30 s.
  test.setTimeout(90_000);
  const failures = pageErrors(page);
  const name = `Support ${Date.now().toString(36)}`;

  await logIn(page, adminSecret());
  const nav = page.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: 'Operators' }).click();
  await expect(page.getByRole('heading', { name: 'Operators', level: 1 })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Role').selectOption('support');
  await page.getByRole('button', { name: 'Add operator' }).click();
  const secret = (await page.getByTestId('operator-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^op-[0-9a-f]{12}-/);
  await expect(page.getByTestId('operator-row').filter({ hasText: name })).toContainText('Support');
  await expectNoSeriousViolations(page, '/admin/operators (secret shown)');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/news$/);

  // The support operator: customers and their own account, nothing else.
  await logIn(page, secret);
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText(['Customers', 'Replacements', 'Notices', 'My account']);
  await expect(page.getByTestId('signed-in-as')).toHaveText(`${name} (Support)`);
  await expectNoSeriousViolations(page, '/admin/customers as support');
  await page.goto('/admin/giftcards');
  await expect(page).toHaveURL(/\/admin\/customers$/);

  await nav.getByRole('link', { name: 'My account' }).click();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await expect(qr).toBeVisible();
  const key = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousViolations(page, '/admin/security (QR code)');
  await page.setViewportSize({ width: 375, height: 800 });
  await fitsTheWidth(page, '/admin/security at 375 px');
  await expect(qr).toBeInViewport({ ratio: 0.5 });
  await expectNoSeriousViolations(page, '/admin/security at 375 px');

  await page.getByLabel('Code from the app').fill(await generate({ secret: key }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expectNoSeriousViolations(page, '/admin/security (recovery codes) at 375 px');

  // From now on the secret alone is not enough.
  await logOut(page);
  await logIn(page, secret);
  await expect(page.getByText('Enter the code from your authenticator app.')).toBeVisible();
  await expect(page.getByLabel('Authenticator code (or a recovery code)')).toBeVisible();
  expect(failures).toEqual([]);
});
