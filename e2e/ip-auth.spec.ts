import { expect, test } from '@playwright/test';
import net from 'node:net';
import { expectNoSeriousViolations, fundedCustomer } from './kit';

/** The SOCKS5 method a port picks when offered only "no authentication" (0x00 yes, 0xff no). */
function socksMethod(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => socket.write(Buffer.from([5, 1, 0])));
    socket.once('data', (chunk: Buffer) => {
      socket.destroy();
      resolve(chunk[1] ?? -1);
    });
    socket.on('error', reject);
  });
}

test.describe('IP authorization on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, permissions: ['clipboard-read', 'clipboard-write'] });

  test('a customer lists an address, copies the own port, and the gateway lets it in without a password', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await fundedCustomer(page, request, '/proxy');
    await page.getByTestId('proxy-row').first().getByRole('button').last().click();
    await page.getByRole('dialog', { name: 'Buy proxies' }).getByRole('button', { name: 'Confirm purchase' }).click();
    const status = page.getByRole('dialog', { name: 'Purchased proxies' });
    await expect(status.getByText('Connected')).toHaveCount(1, { timeout: 30_000 });
    await status.getByRole('button', { name: 'Done' }).click();

    await page.goto('/history');
    await page
      .getByRole('button', { name: /^Manage proxy \d+$/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Proxy \d+$/ });
    const list = dialog.getByLabel('Allowed addresses (one per line, up to 5)');
    await list.fill('10.0.0.0/8');
    await dialog.getByRole('button', { name: 'Save addresses' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('10.0.0.0/8 is too wide: list at most a /24.');
    await list.fill('127.0.0.1');
    await dialog.getByRole('button', { name: 'Save addresses' }).click();
    const own = dialog.locator('code', { hasText: /^127\.0\.0\.1:\d+$/ });
    await expect(own).toBeVisible();
    await dialog.getByRole('button', { name: 'Copy the own port address' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await own.textContent());

    await expectNoSeriousViolations(page, 'IP authorization');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The server's own gateway listens on the port and takes this machine without a password.
    const port = Number(copied.split(':').pop());
    await expect.poll(() => socksMethod(port).catch(() => -1), { timeout: 5000 }).toBe(0);
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(own).toHaveCount(0);
    await expect.poll(() => socksMethod(port).catch(() => -1), { timeout: 5000 }).toBe(-1);
  });
});
