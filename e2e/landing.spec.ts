import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { pageErrors } from './kit';

test('the landing page loads in Chromium and its login button leads to /login', async ({ page }) => {
  const failures = pageErrors(page);
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clean proxies, rented by the hour');
  const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
  const login = hero.getByRole('link', { name: 'Log in' });
  await expect(login).toBeVisible();
  await login.click();
  await expect(page).toHaveURL(/\/login$/);
  expect(failures).toEqual([]);
});

test('a deep link is served the app (history-API fallback)', async ({ page }) => {
  const response = await page.goto('/articles/setup-proxy');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
});

test('the landing page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('the chosen language survives a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Language').selectOption('fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Des proxys propres, loués à l'heure");
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Des proxys propres, loués à l'heure");
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
