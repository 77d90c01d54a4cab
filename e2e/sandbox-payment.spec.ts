import { expect, test } from '@playwright/test';

test('sandbox checkout: Pay credits the wallet once', async ({ page, request }) => {
  const { apiKey } = (await (await request.post('/api/register')).json()) as { apiKey: string };
  const created = await request.post('/api/payments/create', {
    headers: { 'x-api-key': apiKey },
    data: { amount: 15, currency: 'BTC' },
  });
  const { uuid, url } = (await created.json()) as { uuid: string; url: string };
  expect(new URL(url).pathname).toBe(`/pay/${uuid}`);

  await page.goto(new URL(url).pathname);
  await expect(page.getByText('$15.00')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Payment completed successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Payment completed successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay' })).toHaveCount(0);

  const wallet = await request.get('/api/wallet', { headers: { 'x-api-key': apiKey } });
  expect(await wallet.json()).toEqual({ success: true, wallet: 15 });
  const status = await request.post(`/api/payments/status/${uuid}`, {
    headers: { 'x-api-key': apiKey },
    data: { task: 'check', uuid },
  });
  expect(await status.json()).toEqual({ success: true, status: 'paid' });
});
