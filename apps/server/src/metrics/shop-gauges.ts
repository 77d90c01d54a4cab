import { centsToDollars, PAYMENT_STATUS, RENTAL_STATUSES } from '@portal/contract';
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { Gauge, Registry } from 'prom-client';
import type { PoolStats, Queryable } from '../db/client';
import { ledgerEntries, payments, proxies, rentals } from '../db/schema';
import { proxyIsHeld } from '../inventory/proxy-state';

/** Inventory states as the operator console counts them; `unhealthy` is a gauge of its own. */
const INVENTORY_STATES = ['free', 'rented', 'disabled'] as const;

/** A sum of cents as PostgreSQL answers it (bigint as text), in dollars. */
const dollarsOfSum = (value: string | number | null) => centsToDollars(Number(value ?? 0));

/**
 * Figures of the shop read from the database at each scrape, so every API process reports the
 * same numbers (a dashboard takes `max` across processes). A new state (unhealthy
 * inventory, for instance) is a new label value or one more gauge here.
 */
export function createShopRegistry(db: Queryable, poolStats?: () => PoolStats): Registry {
  const registry = new Registry();

  new Gauge({
    name: 'proxyport_rentals',
    help: 'Rentals by status',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .select({ status: rentals.status, count: sql<string>`count(*)` })
        .from(rentals)
        .groupBy(rentals.status);
      const counts = new Map(rows.map((row) => [row.status, Number(row.count)]));
      for (const status of RENTAL_STATUSES) this.set({ status }, counts.get(status) ?? 0);
    },
  });

  new Gauge({
    name: 'proxyport_inventory_proxies',
    help: 'Proxies in the inventory: free (in the catalogue), rented, disabled',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const state = sql<string>`case when not ${proxies.enabled} then 'disabled' when ${proxyIsHeld} then 'rented' else 'free' end`;
      const rows = await db
        .select({ state, count: sql<string>`count(*)` })
        .from(proxies)
        .groupBy(sql`1`);
      const counts = new Map(rows.map((row) => [row.state, Number(row.count)]));
      for (const name of INVENTORY_STATES) this.set({ state: name }, counts.get(name) ?? 0);
    },
  });

  new Gauge({
    name: 'proxyport_inventory_unhealthy_proxies',
    help: 'Proxies whose last health check found their upstream unavailable',
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({ count: sql<string>`count(*)` })
        .from(proxies)
        .where(and(isNotNull(proxies.lastUnavailableAt), gte(proxies.lastUnavailableAt, proxies.lastCheckedAt)));
      this.set(Number(row?.count ?? 0));
    },
  });

  new Gauge({
    name: 'proxyport_payments_pending',
    help: 'Payments created and not yet paid or failed',
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({ count: sql<string>`count(*)` })
        .from(payments)
        .where(eq(payments.status, PAYMENT_STATUS.pending));
      this.set(Number(row?.count ?? 0));
    },
  });

  new Gauge({
    name: 'proxyport_credited_dollars',
    help: 'Money credited to wallets since the start, by payment provider (gift cards as "giftcard")',
    labelNames: ['provider'] as const,
    registers: [registry],
    async collect() {
      const deposits = await db
        .select({ provider: payments.provider, sum: sql<string>`sum(${ledgerEntries.amountCents})` })
        .from(ledgerEntries)
        .innerJoin(payments, eq(payments.id, ledgerEntries.paymentId))
        .where(eq(ledgerEntries.kind, 'deposit'))
        .groupBy(payments.provider);
      for (const row of deposits) this.set({ provider: row.provider }, dollarsOfSum(row.sum));
      const [giftcards] = await db
        .select({ sum: sql<string>`sum(${ledgerEntries.amountCents})` })
        .from(ledgerEntries)
        .where(isNotNull(ledgerEntries.giftcardId));
      this.set({ provider: 'giftcard' }, dollarsOfSum(giftcards?.sum ?? 0));
    },
  });

  if (poolStats) {
    new Gauge({
      name: 'proxyport_db_pool_connections',
      help: 'Database pool: connections in use, idle, requests waiting for one, and the maximum',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'in_use' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
        this.set({ state: 'max' }, stats.max);
      },
    });
  }
  return registry;
}
