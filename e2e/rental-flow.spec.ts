import { priceCents } from '@portal/contract';
import { expect, test } from '@playwright/test';
import { createGiftcard, pageErrors } from './kit';

test('sign up, pay $20 in the sandbox, buy two proxies for a day, copy, extend, redeem a gift card, refund refused', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const failures = pageErrors(page);

  // Sign up: the key is shown once; the Add funds button opens /payment.
  await page.goto('/signup');
  const apiKey = (await page.getByTestId('new-api-key').textContent()) ?? '';
  expect(apiKey).toMatch(/^px_/);
  await page.getByRole('link', { name: 'Add funds to your wallet' }).click();
  await expect(page).toHaveURL(/\/payment$/);

  // Pay $20: Pay Now opens the sandbox checkout in a new tab; the portal polls until paid.
  await page.getByLabel('Amount (USD)').fill('20');
  const [checkout] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Pay Now' }).click(),
  ]);
  await checkout.waitForURL(/\/pay\//);
  await expect(checkout.getByText('$20.00')).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(checkout.getByText('Payment completed successfully!')).toBeVisible();
  await checkout.close();
  await expect(page.getByText('Payment completed successfully!')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('wallet-balance')).toHaveText('$20.00');

  // Catalogue: filter by a country, select two rows, buy them for one day.
  // Every free proxy, as the API lists them (other browser tests may have rented some of the 200).
  const free = (await (await request.get('/api/proxy/list', { headers: { 'x-api-key': apiKey } })).json()) as {
    proxies: unknown[];
  };
  await page.getByRole('link', { name: 'Proxies' }).first().click();
  await expect(page.getByTestId('catalogue-counts')).toContainText(`Total: ${free.proxies.length}`);
  const country = page.getByLabel('Country');
  await country.selectOption({ index: 1 });
  const countryCode = await country.inputValue();
  await expect(page.getByTestId('catalogue-counts')).not.toContainText(`Filtered: ${free.proxies.length}`);
  const rows = page.getByTestId('proxy-row');
  await rows.nth(0).click();
  await rows.nth(1).click();
  await page.getByRole('button', { name: 'Buy selected (2)' }).click();
  const purchase = page.getByRole('dialog', { name: 'Buy proxies' });
  await purchase.getByLabel('Days').fill('1');
  await purchase.getByLabel('Hours').fill('0');
  await expect(purchase.getByTestId('purchase-total-hours')).toHaveText('24 h');
  await purchase.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(page.getByText('Proxies successfully bought')).toBeVisible();

  // Status dialog: both proxies connect (server job within ~5 s, polls at 2 s then every 5 s).
  const status = page.getByRole('dialog', { name: 'Purchased proxies' });
  await expect(status.getByText('Connected')).toHaveCount(2, { timeout: 30_000 });
  await status.getByRole('button', { name: 'Copy All Proxies' }).click();
  await expect(page.getByText('Proxy copied to clipboard!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n')).toHaveLength(2);
  await status.getByRole('button', { name: 'Done' }).click();

  // History: both with time left; the rentals are in the chosen country.
  const historyAnswer = await request.get('/api/proxy/history', { headers: { 'x-api-key': apiKey } });
  const { history } = (await historyAnswer.json()) as {
    history: { id: number; country: string; ipqualityscore: number }[];
  };
  expect(history).toHaveLength(2);
  expect(history.every((record) => record.country === countryCode)).toBe(true);
  await page.getByRole('link', { name: 'History' }).first().click();
  await expect(page.getByTestId('history-row')).toHaveCount(2);
  await expect(page.getByTestId('time-left').first()).toHaveText(/^23h 59m$|^1d$/);
  await expect(page.getByTestId('time-left').nth(1)).toHaveText(/^23h 59m$|^1d$/);

  // Extend one by 2 hours; the wallet matches the shared price function to the cent.
  const [first, second] = history as [(typeof history)[number], (typeof history)[number]];
  await page.getByRole('button', { name: `Extend proxy ${first.id}` }).click();
  const extend = page.getByRole('dialog', { name: 'Extend proxy' });
  // The form starts at a day: two hours are no days and 2 hours.
  await extend.getByLabel('Days', { exact: true }).fill('0');
  await extend.getByLabel('Hours', { exact: true }).fill('2');
  await extend.getByRole('button', { name: 'Extend' }).click();
  await expect(page.getByText('Proxy successfully extended for 2 hours')).toBeVisible();
  // A working proxy is not sent through activation again.
  await expect(extend).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Purchased proxies' })).toBeHidden();
  const spent =
    priceCents(24, first.ipqualityscore) + priceCents(24, second.ipqualityscore) + priceCents(2, first.ipqualityscore);
  const expected = (2000 - spent) / 100;
  await expect(page.getByTestId('wallet-balance')).toHaveText(`$${expected.toFixed(2)}`);

  // Gift card: redeemed once on the payment page.
  const code = await createGiftcard(request, 5);
  await page.getByRole('link', { name: 'Payments' }).first().click();
  await page.getByLabel('Gift card code').fill(code);
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText(`$${(expected + 5).toFixed(2)}`);

  // Refund: a proxy that never became unavailable is refused with the rule's reason.
  await page.getByRole('link', { name: 'History' }).first().click();
  await page.getByRole('button', { name: `Refund proxy ${second.id}` }).click();
  await page
    .getByRole('dialog', { name: `Refund proxy ${second.id}?` })
    .getByRole('button', { name: 'Request refund' })
    .click();
  await expect(page.getByText(/^Refund failed: .+/)).toBeVisible();

  expect(failures).toEqual([]);
});
