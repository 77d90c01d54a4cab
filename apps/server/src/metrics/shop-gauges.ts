import { centsToDollars, INVENTORY_STATES, RENTAL_STATUSES } from '@portal/contract';
import { Gauge, Registry } from 'prom-client';
import type { PoolStats, Queryable } from '../db/client';
import { countProxiesByState, countUnhealthyProxies } from '../inventory/inventory-service';
import { sumDepositsByProvider, sumGiftcardCredits } from '../ledger/ledger-service';
import { pendingPaymentTotals } from '../payments/payments-service';
import { countRentalsByStatus } from '../db/rental-counts';

/** A sum of cents as PostgreSQL answers it (bigint as text), in dollars. */
const dollarsOfSum = (value: string | number | null) => centsToDollars(Number(value ?? 0));

/**
 * Figures of the shop read from the database at each scrape, so every API process reports the
 * same numbers (a dashboard takes `max` across processes). A new state (unhealthy
 * inventory, for instance) is a new label value or one more gauge here.
 */
export function createShopRegistry(db: Queryable, poolStats?: () => PoolStats): Registry {
  const registry = new Registry();
  const gauge = <TLabel extends string>(
    name: string,
    help: string,
    labelNames: readonly TLabel[],
    collect: (this: Gauge<TLabel>) => void | Promise<void>,
  ) => new Gauge({ name, help, labelNames, registers: [registry], collect });

  // Every known label value is set at each scrape, to 0 when no row counts it.
  const countsByLabel = [
    {
      name: 'proxyport_rentals',
      help: 'Rentals by status',
      label: 'status',
      values: RENTAL_STATUSES,
      read: async () => (await countRentalsByStatus(db)).map((row) => [row.status, row.count] as const),
    },
    {
      name: 'proxyport_inventory_proxies',
      help: "Proxies in the inventory by the console's state: free (in the catalogue), rented, disabled, and discovery's checking, failed, unhealthy",
      label: 'state',
      values: INVENTORY_STATES,
      read: async () => (await countProxiesByState(db)).map((row) => [row.state, row.count] as const),
    },
  ];
  for (const { name, help, label, values, read } of countsByLabel) {
    gauge(name, help, [label], async function () {
      const counts = new Map((await read()).map(([value, count]) => [value, Number(count)]));
      for (const value of values) this.set({ [label]: value }, counts.get(value) ?? 0);
    });
  }

  const counts = [
    {
      name: 'proxyport_inventory_unhealthy_proxies',
      help: 'Proxies whose last health check found their upstream unavailable',
      read: countUnhealthyProxies,
    },
    {
      name: 'proxyport_payments_pending',
      help: 'Payments created and not yet paid or failed',
      read: async (db: Queryable) => Number((await pendingPaymentTotals(db))?.count ?? 0),
    },
  ];
  for (const { name, help, read } of counts) {
    gauge(name, help, [], async function () {
      this.set(await read(db));
    });
  }

  gauge(
    'proxyport_credited_dollars',
    'Money credited to wallets since the start, by payment provider (gift cards as "giftcard")',
    ['provider'],
    async function () {
      const deposits = await sumDepositsByProvider(db);
      for (const row of deposits) this.set({ provider: row.provider }, dollarsOfSum(row.sum));
      this.set({ provider: 'giftcard' }, dollarsOfSum(await sumGiftcardCredits(db)));
    },
  );

  if (poolStats) {
    gauge(
      'proxyport_db_pool_connections',
      'Database pool: connections in use, idle, requests waiting for one, and the maximum',
      ['state'],
      function () {
        const stats = poolStats();
        this.set({ state: 'in_use' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
        this.set({ state: 'max' }, stats.max);
      },
    );
  }
  return registry;
}
