import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rentals } from '../db/schema';
import { runLifecycleOnce } from '../jobs/lifecycle-jobs';
import {
  addProxies,
  appPerFile,
  customerCall,
  fundedCustomer,
  lifecycleOf,
  walletOf,
  type TestApp,
} from '../../test/helper';
import { startOrigin } from '../../test/origin';
import { socksUpstream } from '../../test/socks-upstream';
import { createGatewayProvisioner } from './provisioner';

// The check target of this file's app: stopped and started again by the tests.
const origin = await startOrigin();
let t: TestApp;
appPerFile({ env: { GATEWAY_CHECK_URL: `${origin.url}/healthz` }, ledgerBalanced: true }, (app) => {
  t = app;
});

const checker = () => lifecycleOf(t, createGatewayProvisioner(t.database.db, `${origin.url}/healthz`, 2000, t.clock));

/** A customer's connected rental of a proxy behind a working SOCKS5 upstream. */
async function connectedRental() {
  const upstream = await socksUpstream();
  const [id] = await addProxies(t, 1, { upstream: upstream.url });
  const customer = await fundedCustomer(t, 1000);
  const bought = await customerCall(t, customer.apiKey).post('/api/proxy/buy', { task: 'up', id, hours: 24 });
  expect(bought.statusCode).toBe(200);
  await runLifecycleOnce(await checker());
  const [rental] = await t.database.db.select().from(rentals).where(eq(rentals.proxyId, id!));
  expect(rental?.status).toBe('connected');
  return { id: id!, rental: rental!, upstream, ...customer };
}

const rentalRow = async (id: number) => (await t.database.db.select().from(rentals).where(eq(rentals.id, id)))[0]!;

describe('a check target that does not answer the shop either', () => {
  it('fails no proxy: nothing is recorded, and a refund or replacement is not decided', async () => {
    const { id, rental, apiKey } = await connectedRental();
    const before = await walletOf(t, apiKey);
    await origin.close();
    try {
      t.clock.advance(t.config.healthCheckMs + 1000);
      const health = await runLifecycleOnce(await checker());
      expect(health.unavailable).toBe(0);
      expect(health.notRun).toBe(1);
      expect((await rentalRow(rental.id)).unavailableAt).toBeNull();

      const refund = await customerCall(t, apiKey).post('/api/refund-by-id', { proxy_id: id });
      expect(refund.statusCode).toBe(503);
      expect(refund.json()).toMatchObject({ success: false, code: 'CHECKS_UNAVAILABLE' });
      const replace = await customerCall(t, apiKey).post('/api/proxy/replace', { proxy_id: id });
      expect(replace.statusCode).toBe(503);
      expect(replace.json()).toMatchObject({ success: false, code: 'CHECKS_UNAVAILABLE' });

      const after = await rentalRow(rental.id);
      // The one refund request the terms allow is not used up by a check that could not run.
      expect(after.refundRequestedAt).toBeNull();
      expect(after.proxyId).toBe(id);
      expect(await walletOf(t, apiKey)).toBe(before);
    } finally {
      await startOrigin(origin.port);
    }
  });

  it('still fails a proxy whose own upstream is down while the target answers', async () => {
    const { id, rental, apiKey, upstream } = await connectedRental();
    await upstream.stop();
    t.clock.advance(t.config.healthCheckMs + 1000);
    const health = await runLifecycleOnce(await checker());
    expect(health.unavailable).toBe(1);
    expect((await rentalRow(rental.id)).unavailableAt).not.toBeNull();
    const refund = await customerCall(t, apiKey).post('/api/refund-by-id', { proxy_id: id });
    expect(refund.json()).toMatchObject({ success: true, status: 'refunded' });
  });
});
