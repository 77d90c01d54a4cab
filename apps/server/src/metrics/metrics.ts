import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, type LabelValues, Registry } from 'prom-client';

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

/**
 * A metric's one label. Its known values start at 0, so a dashboard's rate() has a series from the
 * first scrape (prom-client starts a metric without labels at 0 by itself).
 */
export interface MetricLabel<TLabel extends string> {
  name: TLabel;
  known?: readonly string[];
}

/** A counter of this process, in `processRegistry`. */
export function processCounter<TLabel extends string>(name: string, help: string, label?: MetricLabel<TLabel>) {
  const counter = new Counter({ name, help, labelNames: label ? [label.name] : [], registers: [processRegistry] });
  for (const labels of knownSeries(label)) counter.inc(labels, 0);
  return counter;
}

/** A gauge of this process, in `processRegistry`. */
export function processGauge<TLabel extends string>(name: string, help: string, label?: MetricLabel<TLabel>) {
  const gauge = new Gauge({ name, help, labelNames: label ? [label.name] : [], registers: [processRegistry] });
  for (const labels of knownSeries(label)) gauge.set(labels, 0);
  return gauge;
}

function knownSeries<TLabel extends string>(label?: MetricLabel<TLabel>): LabelValues<TLabel>[] {
  return label?.known?.map((value) => ({ [label.name]: value }) as LabelValues<TLabel>) ?? [];
}

export const jobRuns = processCounter(
  'proxyport_job_runs_total',
  'Rounds of a background job (rental lifecycle, payment reconciliation)',
  { name: 'job' },
);

export const jobFailures = processCounter(
  'proxyport_job_failures_total',
  'Rounds of a background job that ended with an error',
  { name: 'job' },
);

/** `front`: `socks5` or `http` (the HTTP proxy front, plain and CONNECT). */
export const gatewayActiveConnections = processGauge(
  'proxyport_gateway_active_connections',
  'Client connections open on the gateway',
  { name: 'front', known: ['socks5', 'http'] },
);

/** `direction`: `up` (client to target) or `down` (target to client); payload only, as billed. */
export const gatewayBytes = processCounter('proxyport_gateway_bytes_total', 'Payload bytes relayed by the gateway', {
  name: 'direction',
  known: ['up', 'down'],
});

/** Counted where both fronts check credentials (login-gate.ts); a request without any is not one. */
export const gatewayAuthFailures = processCounter(
  'proxyport_gateway_auth_failures_total',
  'Gateway logins refused: unknown credentials or a rental that has ended',
);

/** `reason`: `private` (loopback, private or own address) or `blocked_port` (SMTP). */
export const gatewayRefusedTargets = processCounter(
  'proxyport_gateway_refused_targets_total',
  'Targets the gateway refused to reach',
  { name: 'reason', known: ['private', 'blocked_port'] },
);

/** SOCKS5 UDP associations open on this gateway process. */
export const gatewayUdpAssociations = processGauge(
  'proxyport_gateway_udp_associations',
  'SOCKS5 UDP associations open on the gateway',
);

/**
 * Requests and connections turned away by a protective limit, one `limit` label per kind
 * (`rate_limit <route>`, `api_key_throttle`, `gateway_<reason>` of connection-guard.ts), so a
 * new limit needs no new metric.
 */
export const refusals = processCounter(
  'proxyport_refusals_total',
  'Requests or connections refused by a protective limit',
  { name: 'limit' },
);

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
