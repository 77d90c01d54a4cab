import { clampFraudScore, DAY_MS, type ProxyType } from '@portal/contract';
import type { Clock } from '../clock';
import type { DiscoveryConfig } from '../config';
import type { Queryable } from '../db/client';
import { findIpqsAnswer, ipqsUsedIn, spendIpqsLookup, storeIpqsAnswer } from './ipqs-repository';

/**
 * An IP's answer is reused this long: an exit's score changes slowly, and every look-up spends
 * the operator's paid IPQualityScore quota.
 */
export const IPQS_CACHE_MS = DAY_MS;

export interface IpqsAnswer {
  fraudScore: number;
  type: ProxyType | null;
}

export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** IPQS connection types onto the catalogue's three (Corporate and Education are not consumer lines). */
function typeOf(connectionType: unknown, mobile: unknown): ProxyType | null {
  if (mobile === true) return 'mobile';
  switch (typeof connectionType === 'string' ? connectionType.toLowerCase() : '') {
    case 'mobile':
      return 'mobile';
    case 'residential':
      return 'residential';
    case 'data center':
    case 'corporate':
    case 'education':
      return 'datacenter';
    default:
      return null;
  }
}

export async function ipqsUsed(db: Queryable, at: Date): Promise<number> {
  return ipqsUsedIn(db, monthOf(at));
}

/**
 * The fraud score (and where IPQS knows it, the connection type) of an exit IP. A cached answer
 * younger than a day is reused; otherwise one look-up is spent from IPQS_MONTHLY_LIMIT, and none
 * when the budget is used up (the answer is then null: the proxy stays unscored).
 */
/** Look-ups under way per IP: proxies sharing an exit and discovered together spend one. */
const inFlight = new Map<string, Promise<IpqsAnswer | null>>();

export interface IpqsRequest {
  db: Queryable;
  clock: Clock;
  config: NonNullable<DiscoveryConfig['ipqs']>;
  ip: string;
  timeoutMs: number;
}

export function ipqsLookup(request: IpqsRequest): Promise<IpqsAnswer | null> {
  const key = `${request.config.url} ${request.ip}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = lookUp(request).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

async function lookUp({ db, clock, config, ip, timeoutMs }: IpqsRequest): Promise<IpqsAnswer | null> {
  const now = clock.now();
  const cached = await findIpqsAnswer(db, ip, new Date(now.getTime() - IPQS_CACHE_MS));
  if (cached) return { fraudScore: cached.fraudScore, type: (cached.type as ProxyType | null) ?? null };
  if (!(await spendIpqsLookup(db, monthOf(now), config.monthlyLimit))) return null;

  const url = `${config.url}/api/json/ip/${encodeURIComponent(config.apiKey)}/${encodeURIComponent(ip)}?strictness=1&allow_public_access_points=true&fast=true`;
  let body: Record<string, unknown>;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
  const score = body.fraud_score;
  if (body.success !== true || typeof score !== 'number' || !Number.isFinite(score)) return null;
  const answer: IpqsAnswer = {
    fraudScore: clampFraudScore(score),
    type: typeOf(body.connection_type, body.mobile),
  };
  await storeIpqsAnswer(db, ip, answer, now);
  return answer;
}
