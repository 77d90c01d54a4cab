import type { ProxyImportRow } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { rentals } from '../src/db/schema';
import { systemClock } from '../src/clock';
import type { CredentialStore } from '../src/gateway/credential-store';
import { startGateway, type Gateway, type GatewayOptions } from '../src/gateway/gateway';
import { until } from './gateway-kit';
import { addProxies, customerCall, fundedCustomer, HOUR, type TestApp } from './helper';

/** Live rentals and the gateway that serves them, for the tests that send traffic through it. */

/**
 * A proxy (`proxyId`, or a new one with `proxy`'s fields) bought through the API by a customer
 * (`apiKey`, or a new funded one) and made connected until `endAt` (an hour from now in real
 * time, the gateway's clock, unless given): its rental row and its customer's key.
 */
export async function connectedPurchase(
  t: TestApp,
  options: {
    proxyId?: number;
    proxy?: Partial<ProxyImportRow>;
    apiKey?: string;
    hours?: number;
    endAt?: Date;
    connectedAt?: Date;
  } = {},
) {
  const proxyId = options.proxyId ?? (await addProxies(t, 1, options.proxy))[0]!;
  const apiKey = options.apiKey ?? (await fundedCustomer(t, 10_000)).apiKey;
  const bought = await customerCall(t, apiKey).post('/api/proxy/buy', {
    task: 'up',
    id: proxyId,
    hours: options.hours ?? 1,
  });
  if (bought.statusCode !== 200) throw new Error(`the purchase failed: ${bought.body}`);
  const [row] = await t.database.db
    .update(rentals)
    .set({
      status: 'connected',
      endTime: options.endAt ?? new Date(Date.now() + HOUR),
      ...(options.connectedAt ? { connectedAt: options.connectedAt } : {}),
    })
    .where(eq(rentals.proxyId, proxyId))
    .returning();
  return { ...row!, apiKey };
}

/** A new proxy of `upstream` bought and made connected until `endInMs` from now. */
export function connectedRentalRow(t: TestApp, upstream = 'direct', endInMs = 3_600_000) {
  return connectedPurchase(t, { proxy: { upstream }, endAt: new Date(Date.now() + endInMs) });
}

/** A gateway on free loopback ports over the test's database, on the real clock (its timers cut access). */
export function startTestGateway(t: TestApp, options: Partial<GatewayOptions> = {}): Promise<Gateway> {
  return startGateway({
    database: t.database,
    clock: systemClock,
    log: t.app.log,
    host: '127.0.0.1',
    socksPort: 0,
    httpPort: 0,
    ...options,
  });
}

/**
 * A bought rental made connected until `endInMs` from now (real time: the gateway's clock),
 * once the gateway's credential store knows it.
 */
export async function connectedRental(
  t: TestApp,
  store: CredentialStore,
  upstream = 'direct',
  endInMs = 3_600_000,
): Promise<{ id: number; proxyId: number; user: string; pass: string }> {
  const row = await connectedRentalRow(t, upstream, endInMs);
  const rental = { id: row.id, proxyId: row.proxyId, user: row.username, pass: row.password };
  // The store hears of it through LISTEN/NOTIFY: within milliseconds, but CI's parallel files
  // on one PostgreSQL have made it take over 2 s.
  await until(() => store.authorize(rental.user, rental.pass) !== null, 10_000);
  return rental;
}

/**
 * A rental's counted bytes once its last tunnel has closed and the gateway has written its
 * counts: what the customer's history and usage read.
 */
export async function settledTraffic(
  t: TestApp,
  gateway: Gateway,
  rentalId: number,
): Promise<{ bytesUp: number; bytesDown: number }> {
  await until(() => gateway.store.openConnections(rentalId) === 0);
  await gateway.store.flushTraffic();
  const [row] = await t.database.db
    .select({ bytesUp: rentals.bytesUp, bytesDown: rentals.bytesDown })
    .from(rentals)
    .where(eq(rentals.id, rentalId));
  return row!;
}
