import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { proxies, proxyReplacements, rentals } from '../db/schema';
import type { Gateway } from '../gateway/gateway';
import type { LifecycleDeps } from '../jobs/lifecycle-deps';
import { runLifecycleOnce } from '../jobs/lifecycle-jobs';
import { adminToken, addProxies, customerCall, testProvisioner, walletOf, type TestApp } from '../../test/helper';
import { connectedPurchase } from '../../test/live-rental-kit';
import { closedPort, socksUpstream } from '../../test/socks-upstream';
import {
  heldTunnel,
  narrowUpstream,
  replacementRigPerFile,
  waitingDial,
  type ReplacementRig,
} from '../../test/replacement-kit';

let t: TestApp;
let gateway: Gateway;
let echo: ReplacementRig['echo'];
let lifecycle: LifecycleDeps;
replacementRigPerFile(
  {
    env: { REGISTER_RATE_LIMIT: '1000', AUTO_REPLACE_MINUTES: '0.5', HEALTH_CHECK_SECONDS: '10' },
    // The gateway reports traffic on the same manual clock the API and the jobs read.
    gateway: (app) => ({ clock: app.clock }),
  },
  (rig) => ({ t, gateway, echo, lifecycle } = rig),
);

const SECOND = 1000;

/** A connected rental of `proxyId` until a day from the manual clock, once the gateway knows it. */
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

describe("a customer's own load on a proxy", () => {
  it('neither replaces nor refunds a proxy whose two client slots the renter holds; a stopped upstream still is replaced', async () => {
    const upstream = await narrowUpstream(2);
    const [oldId] = await addProxies(t, 1, { country: 'DE', upstream: upstream.url });
    const [spareId] = await addProxies(t, 1, { country: 'DE' });
    const { rental, apiKey } = await rent(oldId!);
    const check = { rentalId: rental.id, username: rental.username, upstream: upstream.url };
    const provisioner = await testProvisioner(t);
    try {
      // The renter holds both slots: a check of the upstream fails, as the attacker's did.
      const tunnels = [
        await heldTunnel(gateway.socksPort, rental.username, rental.password, echo.port),
        await heldTunnel(gateway.socksPort, rental.username, rental.password, echo.port),
      ];
      expect((await provisioner.check(check)).ok).toBe(false);
      await gateway.store.flushTraffic();

      const refused = await customerCall(t, apiKey).post('/api/proxy/replace', { proxy_id: oldId });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ success: false, code: 'PROXY_STILL_HEALTHY' });

      // A minute of checks and automatic-replacement rounds (AUTO_REPLACE_MINUTES=0.5) while held.
      let checked = 0;
      for (let step = 0; step < 6; step += 1) {
        t.clock.advance(10 * SECOND);
        await gateway.store.flushTraffic();
        const round = await runLifecycleOnce(lifecycle);
        checked += round.checked;
        expect(round.unavailable).toBe(0);
        expect(round.replaced).toBe(0);
      }
      expect(checked).toBeGreaterThanOrEqual(3);
      expect((await rentalRow(rental.id)).proxyId).toBe(oldId);
      expect((await rentalRow(rental.id)).unavailableAt).toBeNull();
      expect((await proxyRow(oldId!)).failingSince).toBeNull();
      for (const tunnel of tunnels) expect(tunnel.isOpen()).toBe(true);

      const walletBefore = await walletOf(t, apiKey);
      const refund = await customerCall(t, apiKey).post('/api/refund-by-id', { proxy_id: oldId });
      expect(refund.json()).toMatchObject({ success: false, code: 'REFUND_PROXY_IN_USE' });
      expect(await walletOf(t, apiKey)).toBe(walletBefore);

      // The upstream really stops: the tunnels end, and once their traffic is a minute old the
      // customer's replacement goes through.
      await upstream.stop();
      const deadline = Date.now() + 2000;
      while (tunnels.some((tunnel) => tunnel.isOpen()) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await gateway.store.flushTraffic();
      t.clock.advance(61 * SECOND);
      const replaced = await customerCall(t, apiKey).post('/api/proxy/replace', { proxy_id: oldId });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json()).toMatchObject({ rental_id: rental.id, proxy_id: spareId });
    } finally {
      await upstream.stop();
    }
  }, 30_000);

  it('a renter who fills the slots right before asking, after a quiet minute, gets neither a refund nor a replacement', async () => {
    const upstream = await narrowUpstream(2);
    const [oldId] = await addProxies(t, 1, { country: 'AT', upstream: upstream.url });
    await addProxies(t, 1, { country: 'AT' });
    const { rental, apiKey } = await rent(oldId!);
    try {
      // Quiet for two minutes: nothing recent says the proxy carries this rental's traffic.
      await gateway.store.flushTraffic();
      t.clock.advance(120 * SECOND);
      const walletBefore = await walletOf(t, apiKey);
      // Both slots taken, and the requests sent at once: no usage flush runs in between.
      const tunnels = [
        await heldTunnel(gateway.socksPort, rental.username, rental.password, echo.port),
        await heldTunnel(gateway.socksPort, rental.username, rental.password, echo.port),
      ];
      const refund = await customerCall(t, apiKey).post('/api/refund-by-id', { proxy_id: oldId });
      expect(refund.json()).toMatchObject({ success: false, code: 'REFUND_PROXY_IN_USE' });
      expect(await walletOf(t, apiKey)).toBe(walletBefore);
      const replace = await customerCall(t, apiKey).post('/api/proxy/replace', { proxy_id: oldId });
      expect(replace.json()).toMatchObject({ success: false, code: 'PROXY_STILL_HEALTHY' });
      expect((await rentalRow(rental.id)).unavailableAt).toBeNull();
      expect((await proxyRow(oldId!)).failingSince).toBeNull();
      for (const tunnel of tunnels) expect(tunnel.isOpen()).toBe(true);
    } finally {
      await upstream.stop();
    }
  }, 30_000);

  it("counts dials waiting at the upstream as the renter's load; a request refused for it is not used up", async () => {
    const silentPort = await closedPort();
    const upstream = await narrowUpstream(2, { silentPort });
    const [oldId] = await addProxies(t, 1, { country: 'BE', upstream: upstream.url });
    await addProxies(t, 1, { country: 'BE' });
    const { rental, apiKey } = await rent(oldId!);
    const check = { rentalId: rental.id, username: rental.username, upstream: upstream.url };
    const provisioner = await testProvisioner(t);
    try {
      // Quiet for two minutes, then two dials to an address that never answers fill both slots:
      // no tunnel opens and no byte comes back, yet the upstream can serve nobody else.
      await gateway.store.flushTraffic();
      t.clock.advance(120 * SECOND);
      const walletBefore = await walletOf(t, apiKey);
      const dials = [
        await waitingDial(gateway.socksPort, rental.username, rental.password, silentPort),
        await waitingDial(gateway.socksPort, rental.username, rental.password, silentPort),
      ];
      await expect.poll(() => upstream.connections(), { timeout: 5000 }).toBe(2);
      expect((await provisioner.check(check)).ok).toBe(false);
      // The first waiting dial was written at once; a flush says it again, whenever that write lands.
      await gateway.store.flushTraffic();

      const refund = await customerCall(t, apiKey).post('/api/refund-by-id', { proxy_id: oldId });
      expect(refund.statusCode).toBe(409);
      expect(refund.json()).toMatchObject({ success: false, code: 'REFUND_PROXY_IN_USE' });
      const replace = await customerCall(t, apiKey).post('/api/proxy/replace', { proxy_id: oldId });
      expect(replace.json()).toMatchObject({ success: false, code: 'PROXY_STILL_HEALTHY' });
      t.clock.advance(10 * SECOND);
      await gateway.store.flushTraffic();
      // The health check of the round fails too, and is not recorded.
      await runLifecycleOnce(lifecycle);
      expect((await rentalRow(rental.id)).unavailableAt).toBeNull();
      expect((await proxyRow(oldId!)).failingSince).toBeNull();
      expect((await rentalRow(rental.id)).refundRequestedAt).toBeNull();
      expect(await walletOf(t, apiKey)).toBe(walletBefore);

      // The dials end and the upstream really dies: a minute later the same request is decided,
      // and granted, since it was not counted.
      for (const waiting of dials) waiting.end();
      await upstream.stop();
      await gateway.store.flushTraffic();
      t.clock.advance(61 * SECOND);
      const granted = await customerCall(t, apiKey).post('/api/refund-by-id', { proxy_id: oldId });
      expect(granted.statusCode).toBe(200);
      expect(await walletOf(t, apiKey)).toBeGreaterThan(walletBefore);
    } finally {
      await upstream.stop();
    }
  }, 30_000);

  it('replaces automatically at most AUTO_REPLACEMENTS_PER_RENTAL_DAY times a day, and the console marks the last', async () => {
    expect(t.config.replacement.autoPerRentalDay).toBe(3);
    const dead = `socks5://127.0.0.1:${await closedPort()}`;
    const ids = await addProxies(t, 5, { country: 'PT', upstream: dead });
    const { rental } = await rent(ids[0]!);
    const moves = async () =>
      (await t.database.db.select().from(proxyReplacements).where(eq(proxyReplacements.rentalId, rental.id))).length;
    // Every proxy it moves to is dead too: each is failing after a check and moved after 30 s.
    for (let round = 0; round < 12; round += 1) {
      t.clock.advance(20 * SECOND);
      await runLifecycleOnce(lifecycle);
    }
    expect(await moves()).toBe(3);

    const admin = { authorization: `Bearer ${await adminToken(t)}` };
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/replacements', headers: admin });
    const rows = list
      .json<{ replacements: { rental_id: number; auto_cap_reached: boolean }[] }>()
      .replacements.filter((row) => row.rental_id === rental.id);
    // Newest first: only the third move used the day's last one.
    expect(rows.map((row) => row.auto_cap_reached)).toEqual([true, false, false]);

    // A day after the first move the rental may be moved again.
    t.clock.advance(86_400_000);
    for (let round = 0; round < 3; round += 1) {
      t.clock.advance(20 * SECOND);
      await runLifecycleOnce(lifecycle);
    }
    expect(await moves()).toBeGreaterThan(3);
  }, 30_000);
});

/**
 * Rents a proxy on `victimUpstream` and one on `busyUpstream`, holds a tunnel open through the
 * second, runs `beforeRound`, then one lifecycle round after the health check interval; answers
 * both rentals' rows.
 */
async function roundBesideBusy(
  country: string,
  victimUpstream: string,
  busyUpstream: string,
  beforeRound: () => Promise<void> = async () => undefined,
) {
  const [victimId] = await addProxies(t, 1, { country, upstream: victimUpstream });
  const [busyId] = await addProxies(t, 1, { country, upstream: busyUpstream });
  await addProxies(t, 1, { country });
  const victim = await rent(victimId!);
  const busy = await rent(busyId!);
  await heldTunnel(gateway.socksPort, busy.rental.username, busy.rental.password, echo.port);
  await beforeRound();
  t.clock.advance(10 * SECOND);
  await gateway.store.flushTraffic();
  await runLifecycleOnce(lifecycle);
  return { victim: await rentalRow(victim.rental.id), busy: await rentalRow(busy.rental.id) };
}

/**
 * Two proxies of the inventory may go out through one upstream (a seller's gateway port with
 * several exits). A renter who fills that upstream through one rental must not make the other
 * rental's checks fail into a refund or a free replacement: accounts cost nothing, so the other
 * rental may be the same person's under a second account.
 */
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
      expect(refund.json()).toMatchObject({ success: false, code: 'REFUND_PROXY_IN_USE' });
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
    try {
      const rows = await roundBesideBusy('DK', server.url.replace('user:pass@', 'gone:pass@'), server.url);
      expect(rows.victim.unavailableAt).not.toBeNull();
      expect(rows.busy.unavailableAt).toBeNull();
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('a busy rental on another upstream does not hide a dead one', async () => {
    const dead = await narrowUpstream(2);
    const alive = await narrowUpstream(2);
    try {
      const rows = await roundBesideBusy('BE', dead.url, alive.url, dead.stop);
      expect(rows.victim.unavailableAt).not.toBeNull();
    } finally {
      await dead.stop();
      await alive.stop();
    }
  }, 30_000);
});
