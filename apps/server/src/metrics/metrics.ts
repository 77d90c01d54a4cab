import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's own metrics (Prometheus, `prom-client`): one registry per process, so a gateway
 * inside the API process and the API itself report on one `/metrics`. Every name starts with
 * `proxyport_`; the Node.js defaults (event-loop lag, memory, CPU, handles) keep their standard
 * `nodejs_`/`process_` names. Other modules only import a metric below and `inc`/`set` it.
 * Figures read from the database (rentals, inventory, payments) are in shop-gauges.ts.
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });

export const httpRequestDuration = new Histogram({
  name: 'proxyport_http_request_duration_seconds',
  help: 'API and web requests by route pattern, method and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

export const jobRuns = new Counter({
  name: 'proxyport_job_runs_total',
  help: 'Rounds of a background job (rental lifecycle, payment reconciliation)',
  labelNames: ['job'] as const,
  registers: [processRegistry],
});

export const jobFailures = new Counter({
  name: 'proxyport_job_failures_total',
  help: 'Rounds of a background job that ended with an error',
  labelNames: ['job'] as const,
  registers: [processRegistry],
});

/** `front`: `socks5` or `http` (the HTTP proxy front, plain and CONNECT). */
export const gatewayActiveConnections = new Gauge({
  name: 'proxyport_gateway_active_connections',
  help: 'Client connections open on the gateway',
  labelNames: ['front'] as const,
  registers: [processRegistry],
});

/** `direction`: `up` (client to target) or `down` (target to client); payload only, as billed. */
export const gatewayBytes = new Counter({
  name: 'proxyport_gateway_bytes_total',
  help: 'Payload bytes relayed by the gateway',
  labelNames: ['direction'] as const,
  registers: [processRegistry],
});

/** Counted where both fronts check credentials (login-gate.ts); a request without any is not one. */
export const gatewayAuthFailures = new Counter({
  name: 'proxyport_gateway_auth_failures_total',
  help: 'Gateway logins refused: unknown credentials or a rental that has ended',
  registers: [processRegistry],
});

/** `reason`: `private` (loopback, private or own address) or `blocked_port` (SMTP). */
export const gatewayRefusedTargets = new Counter({
  name: 'proxyport_gateway_refused_targets_total',
  help: 'Targets the gateway refused to reach',
  labelNames: ['reason'] as const,
  registers: [processRegistry],
});

/** SOCKS5 UDP associations open on this gateway process. */
export const gatewayUdpAssociations = new Gauge({
  name: 'proxyport_gateway_udp_associations',
  help: 'SOCKS5 UDP associations open on the gateway',
  registers: [processRegistry],
});

/**
 * Requests and connections turned away by a protective limit, one `limit` label per kind
 * (`rate_limit <route>`, `api_key_throttle`, `gateway_<reason>` of connection-guard.ts), so a
 * new limit needs no new metric.
 */
export const refusals = new Counter({
  name: 'proxyport_refusals_total',
  help: 'Requests or connections refused by a protective limit',
  labelNames: ['limit'] as const,
  registers: [processRegistry],
});

// Known label values start at 0, so a dashboard's rate() has a series from the first scrape.
for (const front of ['socks5', 'http']) gatewayActiveConnections.set({ front }, 0);
gatewayAuthFailures.inc(0);
gatewayUdpAssociations.set(0);
for (const direction of ['up', 'down']) gatewayBytes.inc({ direction }, 0);
for (const reason of ['private', 'blocked_port']) gatewayRefusedTargets.inc({ reason }, 0);

/** The exposition of this process plus any per-app registries (one text, one content type). */
export async function metricsText(extra: Registry[] = []): Promise<string> {
  const parts = await Promise.all([processRegistry, ...extra].map((registry) => registry.metrics()));
  return parts.join('\n');
}

export const METRICS_CONTENT_TYPE = processRegistry.contentType;

/** The 401 answer's text: plain like the exposition itself, since a scraper reads it. */
export const SCRAPE_REFUSED = 'Metrics need Authorization: Bearer <METRICS_TOKEN>\n';

/**
 * Whether a scrape may read the metrics: always without a token (development), else only with
 * `Authorization: Bearer <token>`, compared in constant time.
 */
export function scrapeAllowed(token: string | undefined, authorization: string | undefined): boolean {
  if (!token) return true;
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1].trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
