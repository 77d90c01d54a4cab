import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { proxies, rentals } from '../db/schema';
import type { Gateway } from '../gateway/gateway';
import type { LifecycleDeps } from '../jobs/lifecycle-deps';
import { runLifecycleOnce } from '../jobs/lifecycle-jobs';
import { addProxies, adminToken, customerCall, testProvisioner, walletOf, type TestApp } from '../../test/helper';
import { connectedPurchase } from '../../test/live-rental-kit';
import { heldTunnel, narrowUpstream, replacementRigPerFile, type ReplacementRig } from '../../test/replacement-kit';
import { socksUpstream } from '../../test/socks-upstream';

/**
 * Two proxies of the inventory may go out through one upstream (a seller's gateway port with
 * several exits). A renter who fills that upstream through one rental must not make the other
 * rental's checks fail into a refund or a free replacement: accounts cost nothing, so the other
 * rental may be the same person's under a second account.
 */

let t: TestApp;
let gateway: Gateway;
let echo: ReplacementRig['echo'];
let lifecycle: LifecycleDeps;
replacementRigPerFile(
  {
    env: { REGISTER_RATE_LIMIT: '1000', AUTO_REPLACE_MINUTES: '0.5', HEALTH_CHECK_SECONDS: '10' },
    gateway: (app) => ({ clock: app.clock }),
  },
  (rig) => ({ t, gateway, echo, lifecycle } = rig),
);

const SECOND = 1000;

async function rent(proxyId: number) {
  const { apiKey, ...rental } = await connectedPurchase(t, {
    proxyId,
    hours: 24,
    connectedAt: t.clock.now(),
    endAt: new Date(t.clock.now().getTime() + 86_400_000),
  });
  const deadline = Date.now() + 2000;
  while (!gateway.store.authorize(rental.username, rental.password) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { rental, apiKey };
}

const rentalRow = async (id: number) => (await t.database.db.select().from(rentals).where(eq(rentals.id, id)))[0]!;
const proxyRow = async (id: number) => (await t.database.db.select().from(proxies).where(eq(proxies.id, id)))[0]!;

describe('load on one rental of a shared upstream', () => {
  it("neither refunds nor replaces another rental whose checks that load fails, the same customer's or not", async () => {
    const upstream = await narrowUpstream(2);
    const [quietId, busyId] = await addProxies(t, 2, { country: 'NL', upstream: upstream.url });
    await addProxies(t, 1, { country: 'NL' });
    const quiet = await rent(quietId!);
    const busy = await rent(busyId!);
    try {
      // The busy rental holds both of the upstream's slots: a check of the quiet one fails.
      const tunnels = [
        await heldTunnel(gateway.socksPort, busy.rental.username, busy.rental.password, echo.port),
        await heldTunnel(gateway.socksPort, busy.rental.username, busy.rental.password, echo.port),
      ];
      const provisioner = await testProvisioner(t);
      const check = { rentalId: quiet.rental.id, username: quiet.rental.username, upstream: upstream.url };
      expect((await provisioner.check(check)).ok).toBe(false);
      await gateway.store.flushTraffic();

      for (let step = 0; step < 6; step += 1) {
        t.clock.advance(10 * SECOND);
        await gateway.store.flushTraffic();
        const round = await runLifecycleOnce(lifecycle);
        expect(round.unavailable).toBe(0);
        expect(round.replaced).toBe(0);
      }
      expect((await rentalRow(quiet.rental.id)).proxyId).toBe(quietId);
      expect((await rentalRow(quiet.rental.id)).unavailableAt).toBeNull();
      expect((await proxyRow(quietId!)).failingSince).toBeNull();

      const walletBefore = await walletOf(t, quiet.apiKey);
      const refund = await customerCall(t, quiet.apiKey).post('/api/refund-by-id', { proxy_id: quietId });
      expect(refund.json()).toMatchObject({ success: false, code: 'REFUND_NOT_ELIGIBLE' });
      expect(await walletOf(t, quiet.apiKey)).toBe(walletBefore);
      const replace = await customerCall(t, quiet.apiKey).post('/api/proxy/replace', { proxy_id: quietId });
      expect(replace.json()).toMatchObject({ success: false, code: 'PROXY_STILL_HEALTHY' });
      for (const tunnel of tunnels) expect(tunnel.isOpen()).toBe(true);
    } finally {
      await upstream.stop();
    }
  }, 30_000);

  it('a busy upstream does not keep a proxy the operator disabled from being replaced', async () => {
    // The busy rental holds the only slot, so the disabled proxy's checks fail too.
    const upstream = await narrowUpstream(1);
    const [offId, busyId] = await addProxies(t, 2, { country: 'LU', upstream: upstream.url });
    const [spareId] = await addProxies(t, 1, { country: 'LU' });
    const off = await rent(offId!);
    const busy = await rent(busyId!);
    try {
      await heldTunnel(gateway.socksPort, busy.rental.username, busy.rental.password, echo.port);
      const admin = { authorization: `Bearer ${await adminToken(t)}` };
      const disabled = await t.app.inject({
        method: 'POST',
        url: `/api/admin/proxies/${offId}/disable`,
        headers: admin,
      });
      expect(disabled.statusCode).toBe(200);
      let replaced = 0;
      for (let step = 0; step < 6; step += 1) {
        t.clock.advance(10 * SECOND);
        await gateway.store.flushTraffic();
        replaced += (await runLifecycleOnce(lifecycle)).replaced;
      }
      expect(replaced).toBe(1);
      expect((await rentalRow(off.rental.id)).proxyId).toBe(spareId);
    } finally {
      await upstream.stop();
    }
  }, 30_000);

  it('a busy login on a server does not hide a dead login on the same server', async () => {
    const server = await socksUpstream();
    const deadLogin = server.url.replace('user:pass@', 'gone:pass@');
    const [deadId] = await addProxies(t, 1, { country: 'DK', upstream: deadLogin });
    const [aliveId] = await addProxies(t, 1, { country: 'DK', upstream: server.url });
    await addProxies(t, 1, { country: 'DK' });
    const victim = await rent(deadId!);
    const busy = await rent(aliveId!);
    try {
      await heldTunnel(gateway.socksPort, busy.rental.username, busy.rental.password, echo.port);
      t.clock.advance(10 * SECOND);
      await gateway.store.flushTraffic();
      await runLifecycleOnce(lifecycle);
      expect((await rentalRow(victim.rental.id)).unavailableAt).not.toBeNull();
      expect((await rentalRow(busy.rental.id)).unavailableAt).toBeNull();
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('a busy rental on another upstream does not hide a dead one', async () => {
    const dead = await narrowUpstream(2);
    const alive = await narrowUpstream(2);
    const [deadId] = await addProxies(t, 1, { country: 'BE', upstream: dead.url });
    const [aliveId] = await addProxies(t, 1, { country: 'BE', upstream: alive.url });
    await addProxies(t, 1, { country: 'BE' });
    const victim = await rent(deadId!);
    const busy = await rent(aliveId!);
    try {
      await heldTunnel(gateway.socksPort, busy.rental.username, busy.rental.password, echo.port);
      await dead.stop();
      t.clock.advance(10 * SECOND);
      await gateway.store.flushTraffic();
      await runLifecycleOnce(lifecycle);
      expect((await rentalRow(victim.rental.id)).unavailableAt).not.toBeNull();
    } finally {
      await dead.stop();
      await alive.stop();
    }
  }, 30_000);
});
