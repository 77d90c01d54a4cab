import { expect, test, type Page } from '@playwright/test';
import { adminSecret, expectNoSeriousViolations, pageErrors } from './kit';

declare global {
  interface Window {
    __xss?: number;
  }
}

async function adminLogIn(page: Page) {
  await page.goto('/admin/news');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await page.getByLabel('Secret code').fill(adminSecret());
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'News Management' })).toBeVisible();
}

/** Names this run's news, so that a failed run can remove what it added. */
const MARKER = `e2e-${Date.now()}`;

// Other browser tests share this server and expect /news to be empty: whatever happens above,
// this run's items go.
test.afterAll(async ({ request }) => {
  const secretCode = adminSecret();
  const { token } = (await (await request.post('/api/admin/login', { data: { secretCode } })).json()) as {
    token: string;
  };
  const { news } = (await (await request.get('/api/news')).json()) as { news: { _id: string; title: string }[] };
  for (const item of news.filter((n) => n.title.includes(MARKER))) {
    await request.delete(`/api/admin/news/${item._id}`, { headers: { authorization: `Bearer ${token}` } });
  }
});

test('Admin Access has no serious accessibility violations, also with its error shown', async ({ page }) => {
  await page.goto('/admin/news');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await expectNoSeriousViolations(page, 'Admin Access');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Secret code is required')).toBeVisible();
  await expectNoSeriousViolations(page, 'Admin Access with an error');
});

test('admin adds an important news item with markup, a visitor sees it as text on /news, admin deletes it', async ({
  page,
  browser,
}) => {
  const failures = pageErrors(page);
  const title = `Maintenance ${MARKER} <img src=x onerror="window.__xss=1">`;
  const content = '<script>window.__xss=1</script>';

  await adminLogIn(page);
  await expectNoSeriousViolations(page, 'News Management');

  // Title, date and content are required: inline messages, nothing sent.
  await page.getByLabel('Date').fill('');
  await page.getByRole('button', { name: 'Add news' }).click();
  for (const message of ['Title is required', 'Date is required', 'Content is required']) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.getByLabel('Title')).toBeFocused();
  await expectNoSeriousViolations(page, 'News Management with errors');

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Date').fill('2026-06-01');
  await page.getByLabel('Content').fill(content);
  await page.getByLabel('Important').check();
  await page.getByRole('button', { name: 'Add news' }).click();
  await expect(page.getByText('News added successfully!')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('');
  const adminItem = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(adminItem.getByText('Important', { exact: true })).toBeVisible();
  // The toast fades in and out: axe would measure its colours half transparent.
  await expect(page.getByText('News added successfully!')).toBeHidden();
  await expectNoSeriousViolations(page, 'News Management with an item');

  // A signed-out visitor in a fresh browser context: flagged, shown as literal text, nothing ran.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  visitor.on('pageerror', (error) => failures.push(error.message));
  await visitor.goto('/news');
  const article = visitor.getByRole('article').filter({ has: visitor.getByRole('heading', { name: title }) });
  await expect(article).toBeVisible();
  await expect(article.getByRole('heading', { name: title })).toHaveText(title);
  await expect(article.getByText(content, { exact: true })).toBeVisible();
  await expect(article.getByText('Important', { exact: true })).toBeVisible();
  await expect(article.locator('img, script')).toHaveCount(0);
  expect(await visitor.evaluate(() => window.__xss)).toBeUndefined();
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();

  // Back in admin: Delete asks first; Cancel keeps the item, only the confirmation deletes.
  await adminItem.getByRole('button', { name: `Delete “${title}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this news item?' });
  await expect(dialog).toContainText(title);
  await expectNoSeriousViolations(page, 'delete confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(adminItem).toBeVisible();
  await adminItem.getByRole('button', { name: `Delete “${title}”` }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('News deleted successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: title })).toHaveCount(0);
  await visitorContext.close();

  // Log out ends the token on the server, removes it and lands on the public news.
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  await page.getByRole('button', { name: 'Log out' }).click();
  // The path itself: `/admin/news` also ends with /news, and Log out now waits for the server.
  await expect(page).toHaveURL(/:\/\/[^/]+\/news$/);
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  const verify = await page.request.post('/api/admin/verify', { data: { token } });
  expect(verify.status()).toBe(401);
  expect(failures).toEqual([]);
});
