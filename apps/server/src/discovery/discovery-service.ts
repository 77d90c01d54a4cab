import net from 'node:net';
import { PROXY_TYPES, type DiscoveryState, type ProxyCheckResult, type ProxyType } from '@portal/contract';
import { bumpCatalogue } from '../catalogue/catalogue-service';
import type { Clock } from '../clock';
import type { Config, DiscoveryConfig } from '../config';
import type { Database } from '../db/client';
import { isPublicUnicast } from '../gateway/address-ranges';
import { inventoryState, UNSCORED_FRAUD_SCORE } from '../inventory/proxy-state';
import { NodeOfflineError, NodeRevokedError } from '../nodes/node-probes';
import {
  claimDueProxies,
  failingSinceOr,
  findHeldProxyIds,
  findProxies,
  saveInspection,
  type ProxyRow,
  type ProxyUpdate,
} from '../inventory/inventory-service';
import { FAILURE, FetchThroughError, readEchoedIp } from './fetch-through';
import { geoDatabases, type GeoDatabases } from './geo-databases';
import { wrongProtocol } from './protocol-probe';
import { ipqsLookup } from './ipqs';
import { fetchVia, probedSchemeVia, targetSilentFrom, udpVia, type UpstreamPath } from './through-node';

export interface DiscoveryDeps {
  db: Database;
  clock: Clock;
  config: DiscoveryConfig;
  /** GATEWAY_CHECK_URL: what re-checks fetch through each upstream, as rentals' checks do. */
  checkUrl: string;
  /** The offline databases; defaults to the process's shared copy. */
  geo?: () => Promise<GeoDatabases>;
  /** Aborted when the server stops: looks under way end at once and record nothing. */
  signal?: AbortSignal;
}

/** What discovery and inventory re-checks need (the job in main.ts, Check now, the CLI). */
export function discoveryDepsOf(deps: { config: Config; db: Database; clock: Clock }): DiscoveryDeps {
  return { db: deps.db, clock: deps.clock, config: deps.config.discovery, checkUrl: deps.config.gateway.checkUrl };
}

/** A claim outlives the slowest inspection (two look-ups, each bounded by the timeout). */
const leaseMs = (deps: DiscoveryDeps) => deps.config.timeoutMs * 4 + 30_000;

interface Exit {
  ip: string;
  latencyMs: number;
}

/** The exit IP as the echo service sees it through the upstream; failures keep their reason. */
async function lookUpExit(deps: DiscoveryDeps, path: UpstreamPath): Promise<Exit> {
  const answer = await fetchVia(deps, path, deps.config.exitIpUrl, deps.config.timeoutMs, deps.signal);
  if (answer.status !== 200) throw new FetchThroughError('unreadable', `the echo service answered ${answer.status}`);
  const ip = readEchoedIp(answer.body);
  if (!ip) throw new FetchThroughError('unreadable', 'no IP address in the answer');
  // Before any look-up: an echo that answers junk or a private address (a hostile or broken
  // upstream) must not spend fraud-score look-ups, nor be listed with a made-up location.
  if (net.isIP(ip) === 0)
    throw new FetchThroughError('unreadable', `the echo service answered ${ip}, not an IP address`);
  if (!isPublicUnicast(ip)) {
    throw new FetchThroughError('unreadable', `the echo service answered ${ip}, not a public address`);
  }
  // One spelling per address (an IPv6 one has many): a re-check compares it with the stored one,
  // and another spelling of the same exit must not count as a new exit and spend a look-up.
  const canonical = net.isIP(ip) === 6 ? new URL(`http://[${ip}]/`).hostname.slice(1, -1) : ip;
  return { ip: canonical, latencyMs: answer.latencyMs };
}

/** Whether UDP passes through the upstream; undefined (the column left alone) when the check is off. */
async function checkUdp(deps: DiscoveryDeps, path: UpstreamPath): Promise<boolean | undefined> {
  const target = deps.config.udpCheckTarget;
  if (!target) return undefined;
  try {
    return await udpVia(deps, path, target, {
      timeoutMs: deps.config.timeoutMs,
      bindHost: deps.config.udpBindHost,
      signal: deps.signal,
    });
  } catch (error) {
    // Not run (the node is offline): what is known of the proxy's UDP stays.
    if (error instanceof NodeOfflineError) return undefined;
    throw error;
  }
}

function reasonOf(error: unknown): string {
  return error instanceof FetchThroughError ? error.message : `${FAILURE.connect}: ${String(error)}`;
}

/**
 * The catalogue fields an exit IP gives: location from GeoLite2, ISP from the ASN ranges, score
 * and type from IPQS. Fields the operator gave are left alone (the operator's word wins), and
 * the source of each discovered one is recorded.
 */
async function factsFor(deps: DiscoveryDeps, row: ProxyRow, exitIp: string): Promise<ProxyUpdate> {
  const geo = await (deps.geo ?? geoDatabases)();
  const facts = geo.lookup(exitIp);
  const sources = { ...row.sources };
  const update: ProxyUpdate = {};
  // Rows from before discovery existed record no sources: every field of theirs is the operator's.
  const legacy = Object.keys(row.sources).length === 0;
  const own = (field: string) => legacy || row.sources[field] === 'operator';
  const fill = <K extends keyof ProxyUpdate>(field: string, column: K, value: ProxyUpdate[K], source: string) => {
    if (own(field)) return;
    update[column] = value;
    sources[field] = source;
  };
  fill('ip', 'ip', exitIp, 'exit');
  fill('country', 'country', facts.country ?? '', 'geo');
  fill('region', 'region', facts.region ?? '', 'geo');
  fill('city', 'city', facts.city ?? '', 'geo');
  fill('zip', 'zip', facts.zip ?? '', 'geo');
  fill('isp', 'isp', facts.isp ?? '', 'asn');
  const ipqs =
    deps.config.ipqs && (!own('fraud_score') || !own('type'))
      ? await ipqsLookup({
          db: deps.db,
          clock: deps.clock,
          config: deps.config.ipqs,
          ip: exitIp,
          timeoutMs: deps.config.timeoutMs,
        })
      : null;
  if (ipqs) {
    fill('fraud_score', 'fraudScore', ipqs.fraudScore, 'ipqs');
    if (ipqs.type) fill('type', 'type', ipqs.type, 'ipqs');
  } else if (row.sources.fraud_score !== 'ipqs') {
    // No key or no budget: unscored (an earlier IPQS score of this proxy is kept meanwhile).
    fill('fraud_score', 'fraudScore', UNSCORED_FRAUD_SCORE, 'unscored');
  }
  update.sources = sources;
  return update;
}

function knownType(type: string): type is ProxyType {
  return (PROXY_TYPES as readonly string[]).includes(type);
}

/** Writes an inspection's outcome; a change of what customers see bumps the sumid with it. */
async function save(deps: DiscoveryDeps, row: ProxyRow, update: ProxyUpdate, catalogueChanged: boolean) {
  // A look cut short by shutdown says nothing about the upstream; its lease lapses by itself.
  deps.signal?.throwIfAborted();
  await deps.db.transaction(async (tx) => {
    await saveInspection(tx, row.id, update);
    if (catalogueChanged) await bumpCatalogue(tx);
  });
}

/**
 * First look at a proxy (`checking`, or `failed` tried again): its protocol asked when it came
 * without one, then through its upstream to the echo service, the offline databases and IPQS.
 * Listed on success; `failed` with the reason else.
 */
async function discover(deps: DiscoveryDeps, found: ProxyRow): Promise<ProxyCheckResult> {
  const at = deps.clock.now();
  let row = found;
  // Written with the outcome, whatever it is: what the upstream speaks is known from now on.
  let scheme: ProxyUpdate = {};
  if (found.detectProtocol) {
    const probed = await probedSchemeVia(deps, found, deps.config.exitIpUrl, deps.config.timeoutMs, deps.signal);
    if ('reason' in probed) {
      const failureReason = probed.reason;
      await save(deps, row, { discovery: 'failed', failureReason, lastCheckedAt: at, lastUnavailableAt: at }, false);
      return result(row, 'failed', false, row.exitIp, null, failureReason);
    }
    scheme = probed;
    row = { ...found, ...probed };
  }
  let exit: Exit;
  try {
    exit = await lookUpExit(deps, row);
  } catch (error) {
    if (error instanceof NodeOfflineError) throw error;
    // Asking the upstream which protocol it speaks dials it from here: not for a node's proxy.
    const wrong = row.nodeId === null ? await wrongProtocol(row.upstream, error, deps.config.timeoutMs) : null;
    const failureReason = wrong ?? reasonOf(error);
    await save(
      deps,
      row,
      { ...scheme, discovery: 'failed', failureReason, lastCheckedAt: at, lastUnavailableAt: at, exitCheckedAt: at },
      false,
    );
    return result(row, 'failed', false, row.exitIp, null, failureReason);
  }
  const [facts, udp] = await Promise.all([factsFor(deps, row, exit.ip), checkUdp(deps, row)]);
  const country = facts.country ?? row.country;
  const type = facts.type ?? row.type;
  const listable = /^[A-Z]{2}$/.test(country) && knownType(type);
  const failureReason = listable ? null : `no location known for ${exit.ip}`;
  const discovery = listable ? 'listed' : 'failed';
  await save(
    deps,
    row,
    {
      ...scheme,
      ...facts,
      udp,
      discovery,
      failureReason,
      exitIp: exit.ip,
      latencyMs: exit.latencyMs,
      lastCheckedAt: at,
      exitCheckedAt: at,
      consecutiveFailures: 0,
    },
    listable,
  );
  return result(row, discovery, listable, exit.ip, exit.latencyMs, failureReason);
}

/**
 * Re-check of a listed or unhealthy proxy: the same request to GATEWAY_CHECK_URL rentals get;
 * `unhealthyAfter` failures in a row take it out of the catalogue, one pass brings it back.
 * A failure while the target does not answer without the upstream either records nothing.
 * When the exit IP is due (or forced) it is looked up again; an unreachable echo service alone
 * changes nothing, and a new exit refreshes location, ISP and score.
 */
async function recheck(deps: DiscoveryDeps, row: ProxyRow, forceExit: boolean): Promise<ProxyCheckResult> {
  const at = deps.clock.now();
  let health: { ok: true; latencyMs: number } | { ok: false; reason: string; nodeRevoked?: boolean };
  try {
    const answer = await fetchVia(deps, row, deps.checkUrl, deps.config.timeoutMs, deps.signal);
    health = { ok: true, latencyMs: answer.latencyMs };
  } catch (error) {
    // A revoked node serves nothing, so its proxy fails for certain and leaves the catalogue.
    if (error instanceof NodeRevokedError) health = { ok: false, reason: error.message, nodeRevoked: true };
    else if (error instanceof NodeOfflineError) throw error;
    else health = { ok: false, reason: reasonOf(error) };
  }
  if (!health.ok) {
    // A target down for everyone (or the API flooded, when it is the target) would otherwise
    // take every free proxy out of the catalogue at once: such a look records nothing.
    const silent = health.nodeRevoked
      ? null
      : await targetSilentFrom(deps, row.nodeId, deps.checkUrl, deps.config.timeoutMs, deps.signal);
    if (silent !== null) {
      return result(
        row,
        row.discovery,
        false,
        row.exitIp,
        null,
        `the check target does not answer without the upstream either: ${silent}`,
      );
    }
    const failures = row.consecutiveFailures + 1;
    const goesOut = row.discovery === 'listed' && failures >= deps.config.unhealthyAfter;
    const discovery = goesOut ? 'unhealthy' : row.discovery;
    await save(
      deps,
      row,
      {
        consecutiveFailures: failures,
        failureReason: health.reason,
        lastCheckedAt: at,
        lastUnavailableAt: at,
        failingSince: failingSinceOr(at),
        discovery,
      },
      goesOut,
    );
    return result(row, discovery, false, row.exitIp, null, health.reason);
  }

  const update: ProxyUpdate = {
    consecutiveFailures: 0,
    failingSince: null,
    failureReason: null,
    lastCheckedAt: at,
    latencyMs: health.latencyMs,
    discovery: 'listed',
  };
  let changed = row.discovery !== 'listed';
  const exitDue =
    forceExit || !row.exitCheckedAt || at.getTime() - row.exitCheckedAt.getTime() >= deps.config.exitRecheckMs;
  if (exitDue) {
    update.exitCheckedAt = at;
    // Looked at again with the exit: an upstream's UDP support changes about as often.
    const [exit, udp] = await Promise.all([lookUpExit(deps, row).catch(() => null), checkUdp(deps, row)]);
    if (udp !== undefined) {
      update.udp = udp;
      changed = changed || udp !== row.udp;
    }
    if (exit) {
      update.exitIp = exit.ip;
      if (exit.ip !== row.exitIp) {
        const facts = await factsFor(deps, row, exit.ip);
        Object.assign(update, facts);
        changed = changed || catalogueDiffers(row, facts);
      }
    }
  }
  await save(deps, row, update, changed);
  return result(row, 'listed', true, update.exitIp ?? row.exitIp, health.latencyMs, null);
}

const CATALOGUE_COLUMNS = ['ip', 'country', 'region', 'city', 'zip', 'isp', 'fraudScore', 'type'] as const;

function catalogueDiffers(row: ProxyRow, update: ProxyUpdate): boolean {
  return CATALOGUE_COLUMNS.some((column) => update[column] !== undefined && update[column] !== row[column]);
}

function result(
  row: ProxyRow,
  discovery: DiscoveryState,
  ok: boolean,
  exitIp: string | null,
  latencyMs: number | null,
  reason: string | null,
): ProxyCheckResult {
  return { id: row.id, ok, state: inventoryState(row.enabled, false, discovery), exitIp, latencyMs, reason };
}

/**
 * Looks at one proxy now: discovery when it has never been listed, a re-check otherwise. A look
 * that could not be made (the proxy's node is offline) records nothing: a node out of touch with
 * the API says nothing of the upstream.
 */
export async function inspect(deps: DiscoveryDeps, row: ProxyRow, forceExit = false): Promise<ProxyCheckResult> {
  try {
    return row.discovery === 'checking' || row.discovery === 'failed'
      ? await discover(deps, row)
      : await recheck(deps, row, forceExit);
  } catch (error) {
    if (!(error instanceof NodeOfflineError)) throw error;
    return result(row, row.discovery, false, row.exitIp, null, error.message);
  }
}

/** Runs `work` over `items` with at most `limit` at once (DISCOVERY_CONCURRENCY). */
export async function inPool<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * One round of the background job: new proxies first (`checking`), then free proxies whose
 * re-check or exit look-up is due. Rented proxies keep the rentals' own health checks; failed
 * ones are tried again at the re-check interval. Repeats until nothing is due.
 */
export async function runDiscoveryRound(deps: DiscoveryDeps): Promise<{ discovered: number; checked: number }> {
  const batch = Math.max(deps.config.concurrency * 4, 100);
  let discovered = 0;
  let checked = 0;
  while (!deps.signal?.aborted) {
    const now = deps.clock.now();
    const stale = new Date(now.getTime() - deps.config.recheckMs);
    const exitStale = new Date(now.getTime() - deps.config.exitRecheckMs);
    const leaseUntil = new Date(now.getTime() + leaseMs(deps));
    const rows = await claimDueProxies(deps.db, { now, stale, exitStale, leaseUntil, limit: batch });
    if (rows.length === 0) break;
    await inPool(
      rows,
      deps.config.concurrency,
      async (row) => {
        await inspect(deps, row).catch((error: unknown) => {
          if (!deps.signal?.aborted) throw error;
        });
        if (row.discovery === 'checking') discovered += 1;
        else checked += 1;
      },
      deps.signal,
    );
  }
  return { discovered, checked };
}

/**
 * `Check now` (console and CLI): the given proxies, or every one, looked at at once. Each result's
 * state is the inventory's: a proxy a rental holds is `rented` (unless disabled), as the list shows.
 */
export async function checkNow(deps: DiscoveryDeps, ids?: number[]): Promise<ProxyCheckResult[]> {
  const rows = await findProxies(deps.db, ids);
  const results = await inPool(rows, deps.config.concurrency, (row) => inspect(deps, row, true));
  const held = await findHeldProxyIds(deps.db, ids);
  return results.map((result) =>
    held.has(result.id) && result.state !== 'disabled' ? { ...result, state: 'rented' as const } : result,
  );
}
