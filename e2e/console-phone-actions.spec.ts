import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminToken } from './kit';

/** The button lies inside the window's width, with no sideways scrolling of its table. */
async function expectInView(page: Page, button: Locator, name: string): Promise<void> {
  await expect(button, name).toBeVisible();
  const box = (await button.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, name).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} ends at ${Math.round(box.x + box.width)} px in ${width} px`).toBeLessThanOrEqual(
    width,
  );
}

/**
 * On a phone the console's tables scroll sideways; their last column, the row's buttons, stays at
 * the right edge, so Remove, End and Disable are in view as the page opens. They used to sit
 * 460 to 1,150 px from the left of a 375 px window, behind a sideways scroll nothing pointed to.
 */
test('the console keeps each row’s buttons in view at 375 px', async ({ page, request }) => {
  // A second session of the owner's, so the sessions list has one to End besides this one.
  await adminToken(request);
  const token = await adminToken(request);
  const admin = { authorization: `Bearer ${token}` };
  const added = await request.post('/api/admin/operators', {
    headers: admin,
    data: { name: `Phone${Date.now() % 100000}`, role: 'support' },
  });
  expect(added.ok()).toBe(true);
  const { operator } = (await added.json()) as { operator: { name: string } };

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('adminToken', value), token);

  await page.goto('/admin/operators');
  await expectInView(page, page.getByRole('button', { name: `Remove ${operator.name}` }), 'Remove');

  await page.goto('/admin/security');
  await expectInView(page, page.getByRole('button', { name: /^End the session from/ }).first(), 'End session');

  await page.goto('/admin/inventory');
  await expectInView(page, page.getByRole('button', { name: /^Disable proxy \d+/ }).first(), 'Disable');
  await expectInView(page, page.getByRole('button', { name: /^Check proxy \d+ now$/ }).first(), 'Check now');
});
