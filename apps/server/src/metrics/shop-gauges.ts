import { centsToDollars, RENTAL_STATUSES } from '@portal/contract';
import { Gauge, Registry } from 'prom-client';
import type { PoolStats, Queryable } from '../db/client';
import {
  countPendingPayments,
  countProxiesByState,
  countRentalsByStatus,
  countUnhealthyProxies,
  sumDepositsByProvider,
  sumGiftcardCredits,
} from './metrics-repository';

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
      const rows = await countRentalsByStatus(db);
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
      const rows = await countProxiesByState(db);
      const counts = new Map(rows.map((row) => [row.state, Number(row.count)]));
      for (const name of INVENTORY_STATES) this.set({ state: name }, counts.get(name) ?? 0);
    },
  });

  new Gauge({
    name: 'proxyport_inventory_unhealthy_proxies',
    help: 'Proxies whose last health check found their upstream unavailable',
    registers: [registry],
    async collect() {
      this.set(await countUnhealthyProxies(db));
    },
  });

  new Gauge({
    name: 'proxyport_payments_pending',
    help: 'Payments created and not yet paid or failed',
    registers: [registry],
    async collect() {
      this.set(await countPendingPayments(db));
    },
  });

  new Gauge({
    name: 'proxyport_credited_dollars',
    help: 'Money credited to wallets since the start, by payment provider (gift cards as "giftcard")',
    labelNames: ['provider'] as const,
    registers: [registry],
    async collect() {
      const deposits = await sumDepositsByProvider(db);
      for (const row of deposits) this.set({ provider: row.provider }, dollarsOfSum(row.sum));
      this.set({ provider: 'giftcard' }, dollarsOfSum(await sumGiftcardCredits(db)));
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
