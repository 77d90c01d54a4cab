import { expect, test } from '@playwright/test';
import { pageErrors } from './kit';

/**
 * The terms state the gateway's limits as configured (the e2e server runs with the defaults:
 * no connection cap, 5 addresses per rental in 24 hours), in the server's HTML and after
 * hydration alike, in every language's own words.
 */
test('the terms state the configured address limit in the HTML and keep it after hydration', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/terms')).text();
  expect(html).toContain('Different IP addresses one rental may be used from within 24 hours: at most 5');
  expect(html).not.toContain('connections at once on each gateway server');
  const russian = await (await request.get('/ru/terms')).text();
  expect(russian).toContain('не более 5');

  const problems = pageErrors(page);
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  await page.goto('/terms');
  await expect(
    page.getByText('Different IP addresses one rental may be used from within 24 hours: at most 5'),
  ).toBeVisible();
  expect(problems).toEqual([]);
});
