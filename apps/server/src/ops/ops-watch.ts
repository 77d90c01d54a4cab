import { DAY_MS } from '@portal/contract';
import { countFreeProxies } from '../catalogue/catalogue-service';
import type { Clock } from '../clock';
import type { Queryable } from '../db/client';
import { ipqsUsed, monthOf } from '../discovery/ipqs';
import { watchNodes } from '../nodes/node-alerts';
import { failureText, type Alerts } from './alerts-service';
import { forgetGatewaysSeenBefore, gatewaysSeenBefore, pingDatabase } from './ops-repository';

/** A gateway whose heartbeat is older than this is gone (it renews every GATEWAY_HEARTBEAT_MS). */
export const GATEWAY_STALE_MS = 30_000;
export const GATEWAY_HEARTBEAT_MS = 10_000;
/**
 * A gateway not seen for this long is forgotten (its row removed, its alert over): one moved to
 * another host or port and never stopped cleanly would otherwise keep the alert on for ever.
 */
export const GATEWAY_FORGET_MS = DAY_MS;

export interface WatchDeps {
  db: Queryable;
  clock: Clock;
  alerts: Alerts;
  /** Free proxies below this raise `low_stock`; 0: never. */
  lowStockThreshold: number;
  /** IPQS_MONTHLY_LIMIT when IPQS is configured, else null (no budget to watch). */
  ipqsMonthlyLimit: number | null;
  /** NODE_ALERT_MINUTES in milliseconds: gateway nodes out of contact this long are told. */
  nodeAlertMs: number;
}

/**
 * One look at what an operator must hear about: the database, gateway processes and nodes, free
 * stock and the IPQS budget. Each condition raises its alert once per episode (alerts-service.ts); a
 * round with the database gone checks nothing else.
 */
export async function watchOnce(deps: WatchDeps): Promise<Record<string, number>> {
  const { db, alerts } = deps;
  try {
    await pingDatabase(db);
  } catch (error) {
    alerts.raise('database_down', { error: failureText(error) });
    return { databaseDown: 1 };
  }
  alerts.clear('database_down');
  const now = deps.clock.now();

  const forgotten = await forgetGatewaysSeenBefore(db, new Date(now.getTime() - GATEWAY_FORGET_MS));
  const stale = await gatewaysSeenBefore(db, new Date(now.getTime() - GATEWAY_STALE_MS));
  alerts.set(
    'gateway_down',
    stale.length > 0,
    stale.length > 0
      ? { gateways: stale.map((row) => row.id).join(', '), lastSeen: stale[0]?.seenAt.toISOString() ?? null }
      : { forgotten: forgotten.map((row) => row.id).join(', ') },
  );

  if (deps.lowStockThreshold > 0) {
    const free = await countFreeProxies(db);
    alerts.set('low_stock', free < deps.lowStockThreshold, { free, threshold: deps.lowStockThreshold });
  }

  if (deps.ipqsMonthlyLimit !== null) {
    const used = await ipqsUsed(db, now);
    alerts.set('ipqs_budget', used >= deps.ipqsMonthlyLimit, {
      used,
      limit: deps.ipqsMonthlyLimit,
      month: monthOf(now),
    });
  }
  const watchedNodes = await watchNodes({ db, clock: deps.clock, nodeAlertMs: deps.nodeAlertMs });
  return { staleGateways: stale.length, offlineNodes: watchedNodes.offline, nodesBack: watchedNodes.back };
}
