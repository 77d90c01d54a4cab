import type { CatalogueProxy } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rentals } from '../db/schema';
import {
  HOUR,
  addProxies,
  appPerFile,
  customerCall,
  fundedCustomer,
  lifecycleOf,
  walletOf,
  type TestApp,
} from '../../test/helper';
import { closedPort, socksUpstream } from '../../test/socks-upstream';
import { provisionWaiting, runLifecycleOnce } from './lifecycle-jobs';

let t: TestApp;
appPerFile({ env: { REGISTER_RATE_LIMIT: '1000' }, ledgerBalanced: true }, (app) => {
  t = app;
});

async function catalogueIds(apiKey: string): Promise<number[]> {
  const list = (await customerCall(t, apiKey).get('/api/proxy/list')).json<{ proxies: CatalogueProxy[] }>();
  return list.proxies.map((p) => p.id);
}

async function sumid(apiKey: string): Promise<string> {
  return (await customerCall(t, apiKey).get('/api/proxy/sumid')).json<{ sumid: string }>().sumid;
}

async function statusOf(proxyId: number): Promise<string | undefined> {
  const [row] = await t.database.db.select().from(rentals).where(eq(rentals.proxyId, proxyId));
  return row?.status;
}

describe('rental lifecycle', () => {
  it('moves connected -> ready -> expired as time passes, and the proxy returns to the catalogue', async () => {
    const [id] = await addProxies(t, 1);
    const { apiKey } = await fundedCustomer(t, 1000);
    const beforeSumid = await sumid(apiKey);
    await customerCall(t, apiKey).post('/api/proxy/buy', { task: 'up', id, hours: 2 });
    expect(await catalogueIds(apiKey)).not.toContain(id);
    const rentedSumid = await sumid(apiKey);
    expect(rentedSumid).not.toBe(beforeSumid);

    await runLifecycleOnce(await lifecycleOf(t));
    expect(await statusOf(id!)).toBe('connected');

    t.clock.advance(2 * HOUR - 1000);
    await runLifecycleOnce(await lifecycleOf(t));
    expect(await statusOf(id!)).toBe('connected');

    t.clock.advance(1000);
    await runLifecycleOnce(await lifecycleOf(t));
    expect(await statusOf(id!)).toBe('ready');
    expect(await catalogueIds(apiKey)).not.toContain(id);

    t.clock.advance(HOUR); // the grace period
    await runLifecycleOnce(await lifecycleOf(t));
    expect(await statusOf(id!)).toBe('expired');
    expect(await catalogueIds(apiKey)).toContain(id);
    expect(await sumid(apiKey)).not.toBe(rentedSumid);

    // The same customer may rent the proxy again.
    expect((await customerCall(t, apiKey).post('/api/proxy/buy', { task: 'up', id, hours: 1 })).statusCode).toBe(200);
  });

  it('does not take provisioning time from the customer', async () => {
    const upstream = await socksUpstream();
    const port = upstream.port;
    await upstream.stop();
    const [id] = await addProxies(t, 1, { upstream: `socks5://user:pass@127.0.0.1:${port}` });
    const { apiKey } = await fundedCustomer(t, 1000);
    await customerCall(t, apiKey).post('/api/proxy/buy', { task: 'up', id, hours: 1 });
    await runLifecycleOnce(await lifecycleOf(t));
    expect(await statusOf(id!)).toBe('waiting_up');

    // The upstream comes up two minutes later: the hour starts then.
    t.clock.advance(120_000);
    const revived = await socksUpstream(port);
    try {
      await runLifecycleOnce(await lifecycleOf(t));
      const [row] = await t.database.db.select().from(rentals).where(eq(rentals.proxyId, id!));
      expect(row?.status).toBe('connected');
      expect(row?.endTime.getTime()).toBe(t.clock.now().getTime() + HOUR);
    } finally {
      await revived.stop();
    }
  });

  it('refunds a proxy whose upstream never comes up, after the provisioning deadline', async () => {
    const [id] = await addProxies(t, 1, { upstream: `socks5://u:p@127.0.0.1:${await closedPort()}` });
    const { apiKey } = await fundedCustomer(t, 1000);
    await customerCall(t, apiKey).post('/api/proxy/buy', { task: 'up', id, hours: 24 });
    expect(await walletOf(t, apiKey)).toBeLessThan(10);

    await runLifecycleOnce(await lifecycleOf(t));
    expect(await statusOf(id!)).toBe('waiting_up');
    t.clock.advance(t.config.provisioningDeadlineMs - 1000);
    await runLifecycleOnce(await lifecycleOf(t));
    expect(await statusOf(id!)).toBe('waiting_up');

    t.clock.advance(1000);
    const result = await runLifecycleOnce(await lifecycleOf(t));
    expect(result.refunded).toBe(1);
    expect(await statusOf(id!)).toBe('refunded');
    expect(await walletOf(t, apiKey)).toBe(10);
    expect(await catalogueIds(apiKey)).toContain(id);
  });

  it('lets only one of two concurrent job rounds take a waiting rental', async () => {
    const [id] = await addProxies(t, 1);
    const { apiKey } = await fundedCustomer(t, 1000);
    await customerCall(t, apiKey).post('/api/proxy/buy', { task: 'up', id, hours: 1 });
    const [a, b] = await Promise.all([provisionWaiting(await lifecycleOf(t)), provisionWaiting(await lifecycleOf(t))]);
    expect(a!.connected + b!.connected).toBe(1);
    expect(await statusOf(id!)).toBe('connected');
  });
});
