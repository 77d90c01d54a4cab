import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, rentals } from '../db/schema';
import { runLifecycleOnce } from '../jobs/lifecycle-jobs';
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
import { socksUpstream } from '../../test/socks-upstream';

let t: TestApp;
appPerFile({ env: { REGISTER_RATE_LIMIT: '1000' }, ledgerBalanced: true }, (app) => {
  t = app;
});

/** A customer with a connected rental of a fresh proxy; answers the proxy id. */
async function connectedRental(upstream = 'direct') {
  const [id] = await addProxies(t, 1, { upstream });
  const customer = await fundedCustomer(t, 1000);
  const bought = await customerCall(t, customer.apiKey).post('/api/proxy/buy', { task: 'up', id, hours: 24 });
  expect(bought.statusCode).toBe(200);
  await runLifecycleOnce(await lifecycleOf(t));
  const [rental] = await t.database.db.select().from(rentals).where(eq(rentals.proxyId, id!));
  expect(rental?.status).toBe('connected');
  return { id: id!, rental: rental!, ...customer };
}

const refund = (apiKey: string, proxyId: number) =>
  customerCall(t, apiKey).post('/api/refund-by-id', { proxy_id: proxyId });

describe('refund requests', () => {
  it('refunds everything paid when the upstream is down now, once', async () => {
    const upstream = await socksUpstream();
    const { id, apiKey } = await connectedRental(upstream.url);
    await customerCall(t, apiKey).post('/api/proxy/buy', { task: 'up', id, hours: 5 }); // an extension is refunded too
    await upstream.stop();

    const response = await refund(apiKey, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: 'refunded', wallet: 10 });
    const history = (await customerCall(t, apiKey).get('/api/proxy/history')).json<{ history: { status: string }[] }>();
    expect(history.history[0]?.status).toBe('refunded');

    const again = await refund(apiKey, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'REFUND_ALREADY_REQUESTED' });
    expect(await walletOf(t, apiKey)).toBe(10);
  });

  it('refunds when the health checker recorded unavailability within 2 hours of purchase', async () => {
    const { id, apiKey, rental } = await connectedRental();
    // What the gateway's health checker records when the upstream stops answering.
    await t.database.db
      .update(rentals)
      .set({ unavailableAt: new Date(rental.createdAt.getTime() + 1.5 * HOUR) })
      .where(eq(rentals.id, rental.id));
    t.clock.advance(3 * HOUR);
    const response = await refund(apiKey, id);
    expect(response.json()).toMatchObject({ success: true, status: 'refunded' });
    expect(await walletOf(t, apiKey)).toBe(10);
  });

  it('refunds a proxy the health checker found down, even after it recovered', async () => {
    const upstream = await socksUpstream();
    const { id, apiKey, rental } = await connectedRental(upstream.url);
    t.clock.advance(30 * 60_000);
    await upstream.stop();
    const health = await runLifecycleOnce(await lifecycleOf(t));
    expect(health.unavailable).toBe(1);
    const [recorded] = await t.database.db.select().from(rentals).where(eq(rentals.id, rental.id));
    expect(recorded?.unavailableAt?.getTime()).toBe(t.clock.now().getTime());

    const revived = await socksUpstream(upstream.port);
    try {
      t.clock.advance(75 * 60_000); // 1:45 after purchase, the upstream answers again
      await runLifecycleOnce(await lifecycleOf(t));
      const [still] = await t.database.db.select().from(rentals).where(eq(rentals.id, rental.id));
      expect(still?.unavailableAt).toEqual(recorded?.unavailableAt); // the first failure is kept
      expect((await refund(apiKey, id)).json()).toMatchObject({ success: true, status: 'refunded' });
    } finally {
      await revived.stop();
    }
  });

  it('refuses a working proxy, and that was the one request', async () => {
    const { id, apiKey } = await connectedRental();
    const response = await refund(apiKey, id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'REFUND_NOT_ELIGIBLE',
      error:
        'Our checks have not found this proxy unavailable within 2 hours of purchase, so it is not eligible for a refund',
    });
    expect((await refund(apiKey, id)).json()).toMatchObject({ code: 'REFUND_ALREADY_REQUESTED' });
    expect(await walletOf(t, apiKey)).toBeLessThan(10);
    // The history says so, and the page stops offering the request.
    const history = (await customerCall(t, apiKey).get('/api/proxy/history')).json() as {
      history: { id: number; refund_requested: boolean }[];
    };
    expect(history.history.find((record) => record.id === id)?.refund_requested).toBe(true);
  });

  it('refuses unavailability first seen after the 2-hour window', async () => {
    const { id, apiKey, rental } = await connectedRental();
    await t.database.db
      .update(rentals)
      .set({ unavailableAt: new Date(rental.createdAt.getTime() + 2 * HOUR + 60_000) })
      .where(eq(rentals.id, rental.id));
    t.clock.advance(3 * HOUR);
    expect((await refund(apiKey, id)).json()).toMatchObject({ code: 'REFUND_NOT_ELIGIBLE' });
  });

  it('refuses a request made more than 5 hours after purchase', async () => {
    const upstream = await socksUpstream();
    const { id, apiKey } = await connectedRental(upstream.url);
    await upstream.stop();
    t.clock.advance(5 * HOUR + 1000);
    const response = await refund(apiKey, id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'Refunds must be requested within 5 hours of purchase' });
  });

  it('refuses a proxy that is not connected yet', async () => {
    const [id] = await addProxies(t, 1);
    const { apiKey } = await fundedCustomer(t, 1000);
    await customerCall(t, apiKey).post('/api/proxy/buy', { task: 'up', id, hours: 1 });
    const response = await refund(apiKey, id!);
    expect(response.json()).toMatchObject({ success: false, error: 'Only a connected proxy can be refunded' });
  });

  it('refuses a proxy the customer never rented, and bad input', async () => {
    const [id] = await addProxies(t, 1);
    const { apiKey } = await fundedCustomer(t, 0);
    expect((await refund(apiKey, id!)).statusCode).toBe(404);
    const junk = await customerCall(t, apiKey).post('/api/refund-by-id', { proxy_id: 'x' });
    expect(junk.statusCode).toBe(400);
  });

  it('the database itself refuses a second refund row for one rental', async () => {
    const upstream = await socksUpstream();
    const { id, apiKey, rental, userId } = await connectedRental(upstream.url);
    await upstream.stop();
    await refund(apiKey, id);
    await expect(
      t.database.db.insert(ledgerEntries).values({
        userId,
        kind: 'refund',
        amountCents: 100,
        balanceAfterCents: 1100,
        rentalId: rental.id,
        createdAt: t.clock.now(),
      }),
    ).rejects.toThrow();
  });
});
