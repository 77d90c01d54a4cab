import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { adminSecret, adminToken, expectNoSeriousViolations, pageErrors } from './kit';

const SHOTS = 'test-results/playwright/trust-ops';

async function logIn(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Secret code').fill(adminSecret());
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
}

/** No sideways scrolling of the page at this width. */
async function fitsTheWidth(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, where).toBeLessThanOrEqual(0);
}

/** At 1280 and at 375 px: a screenshot to look at, axe, and no page-wide sideways scrolling. */
async function atBothWidths(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await fitsTheWidth(page, `${name} at ${width} px`);
    await expectNoSeriousViolations(page, `${name} at ${width} px`);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** An operator with an authenticator app, locked by 10 wrong codes; answers their name. */
async function lockedOperator(request: APIRequestContext): Promise<string> {
  const owner = { authorization: `Bearer ${await adminToken(request)}` };
  const name = `Locked ${Date.now().toString(36)}`;
  const made = await request.post('/api/admin/operators', { headers: owner, data: { name, role: 'finance' } });
  const { secretCode } = (await made.json()) as { secretCode: string };
  const login = await request.post('/api/admin/login', { data: { secretCode } });
  const own = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const { secret } = (await (await request.post('/api/admin/totp/enroll', { headers: own })).json()) as {
    secret: string;
  };
  await request.post('/api/admin/totp/confirm', { headers: own, data: { code: await generate({ secret }) } });
  let last = '';
  for (let i = 0; i < 10; i += 1) {
    const wrong = await request.post('/api/admin/login', { data: { secretCode, totp: '000000' } });
    last = ((await wrong.json()) as { code: string }).code;
  }
  expect(last).toBe('OPERATOR_LOCKED');
  return name;
}

test('gift card codes once in full, then masked with an audited reveal; the audit log pages and filters', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const failures = pageErrors(page);
  await logIn(page);
  const nav = page.getByRole('navigation', { name: 'Console' });

  await nav.getByRole('link', { name: 'Gift cards' }).click();
  await page.getByRole('textbox', { name: 'Amount in dollars' }).fill('7');
  await page.getByRole('textbox', { name: 'Number of codes' }).fill('2');
  await page.getByRole('button', { name: 'Create' }).click();
  const codes = ((await page.getByTestId('new-codes').textContent()) ?? '').trim().split('\n');
  expect(codes).toHaveLength(2);
  await expect(page.getByText('These codes are shown in full only now')).toBeVisible();
  // The list below shows them masked.
  const last4 = codes[0]!.slice(-4);
  const row = page.getByTestId('giftcard-row').filter({ hasText: `****-****-****-${last4}` });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('giftcard-row').filter({ hasText: codes[0]! })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('new-codes')).toHaveCount(0);
  await atBothWidths(page, 'giftcards-masked');
  await row.getByRole('button', { name: `Show the full code ending in ${last4}` }).click();
  // The row now shows it in full (its masked text is gone, so it is found by the code).
  await expect(page.getByTestId('giftcard-code').filter({ hasText: codes[0]! })).toHaveCount(1);
  await atBothWidths(page, 'giftcards-revealed');

  await nav.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Action').fill('giftcards');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('audit-row').first()).toContainText('giftcards.reveal');
  await expect(page.getByTestId('audit-row').filter({ hasText: codes[0]! })).toHaveCount(0);
  await atBothWidths(page, 'audit-filtered');
  expect(failures).toEqual([]);
});

test('a locked operator is marked and unlocked by the owner; My account lists and ends sessions', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const failures = pageErrors(page);
  const name = await lockedOperator(request);
  // Another session of the owner's, to be ended from the console.
  await adminToken(request);
  await logIn(page);
  const nav = page.getByRole('navigation', { name: 'Console' });

  await nav.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Action').fill('admin.login_totp_failed');
  await page.getByRole('button', { name: 'Apply' }).click();
  // Ten failures in a row are counted on one row a minute: a row with its count, wherever a
  // minute's end splits them.
  await expect(page.getByTestId('audit-row').filter({ hasText: '×' }).first()).toBeVisible();
  await atBothWidths(page, 'audit-flood');

  await nav.getByRole('link', { name: 'Operators' }).click();
  const locked = page.getByTestId('operator-row').filter({ hasText: name });
  await expect(locked.getByTestId('operator-locked')).toHaveText('Locked');
  await atBothWidths(page, 'operators-locked');
  await locked.getByRole('button', { name: `Unlock ${name}` }).click();
  await expect(page.getByText(`${name} can log in again.`)).toBeVisible();
  await expect(locked.getByTestId('operator-locked')).toHaveCount(0);
  // The toast fades out about 4 s after it came; axe measuring it half faded on the next screen
  // would report low contrast, so that screen is checked once it is gone.
  await expect(page.getByText(`${name} can log in again.`)).toBeHidden({ timeout: 10_000 });

  await nav.getByRole('link', { name: 'My account' }).click();
  const sessions = page.getByTestId('session-row');
  await expect(sessions.filter({ hasText: 'This session' })).toHaveCount(1);
  const before = await sessions.count();
  expect(before).toBeGreaterThan(1);
  await atBothWidths(page, 'my-sessions');
  await sessions
    .filter({ hasNotText: 'This session' })
    .first()
    .getByRole('button', { name: /^End the session from / })
    .click();
  await expect(sessions).toHaveCount(before - 1);
  expect(failures).toEqual([]);
});
