import process from 'node:process';
import pino from 'pino';
import { portalLoggerOptions } from '../logging';
import { systemClock } from '../clock';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { Readiness } from '../health/readiness';
import { serverVersion } from '../lib/server-version';
import { startMetricsServer } from '../metrics/metrics-server';
import { stopOnSignals } from '../ops/shutdown';
import { startGateway, type Gateway, type GatewaySource } from './gateway';
import { gatewaySettingsOf } from './gateway-config';
import { PanelClient } from './node/panel-client';
import { PanelLink } from './node/panel-link';

/**
 * Where this gateway learns what it serves: the shop's database (a gateway of the shop, beside
 * its API processes, kept current through LISTEN/NOTIFY), or the shop's API over HTTP(S) (a node
 * on another server, with no database credentials). Answers it and what to close after it.
 */
async function sourceOf(
  config: Config,
  log: pino.Logger,
): Promise<{ source: GatewaySource; kind: string; close: () => Promise<void> }> {
  if (config.node) {
    const client = new PanelClient({
      url: config.node.panelUrl,
      token: config.node.token,
      ca: config.node.ca ?? undefined,
    });
    const link = new PanelLink({
      client,
      dataDir: config.dataDir,
      clock: systemClock,
      graceMs: config.node.graceMs,
      log,
      version: serverVersion(),
      bindHost: config.host,
    });
    return { source: { link }, kind: `node of ${new URL(config.node.panelUrl).origin}`, close: async () => undefined };
  }
  if (!config.databaseUrl) {
    throw new ConfigError([
      'A gateway of its own needs DATABASE_URL (PostgreSQL), or PANEL_URL and NODE_TOKEN to run as a node of a shop. With the embedded database, npm start runs the gateway inside.',
    ]);
  }
  const database = await openDatabase(config);
  await database.migrate();
  return { source: { database }, kind: 'database', close: () => database.close() };
}

// Module-wide, so that a start cut short by a stop can tell (see the catch below).
const readiness = new Readiness('starting');

/**
 * A gateway process of its own (`npm run gateway`): several can run beside the API processes,
 * all on one PostgreSQL database, or anywhere as nodes of the shop. Its /metrics, /readyz and
 * /healthz are on GATEWAY_METRICS_PORT.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const log = pino(portalLoggerOptions(config.logLevel));
  const probes = await startMetricsServer({
    host: config.host,
    port: config.metrics.gatewayPort,
    token: config.metrics.token,
    metrics: config.metrics.enabled,
    readiness,
  });
  // Signals are handled from here on: a stop during the start exits 0 too. It waits for a
  // gateway that is binding, to close it before its source; a source still opening (a migration
  // waiting on another process's lock) is left to the exit, which drops its connections.
  let openedSource: { close: () => Promise<void> } | null = null;
  let gatewayStarting: Promise<Gateway | null> = Promise.resolve(null);
  stopOnSignals({
    readiness,
    drainMs: config.gatewayDrainMs,
    delayMs: config.shutdownDelayMs,
    log: (details) => log.info(details, 'gateway stopping'),
    close: async (drainMs) => {
      const gateway = await gatewayStarting.catch(() => null);
      await gateway?.close({ drainMs });
      await openedSource?.close();
      await probes.close();
    },
  });
  const { source, kind, close } = await sourceOf(config, log);
  openedSource = { close };
  gatewayStarting = startGateway({ ...source, clock: systemClock, log, ...gatewaySettingsOf(config) });
  const started = await gatewayStarting;
  if (!started) return;
  readiness.ready();
  log.info(
    {
      source: kind,
      version: serverVersion(),
      socksPort: started.socksPort,
      httpPort: started.httpPort,
      tlsPort: started.tlsPort,
      metricsPort: probes.port,
    },
    'gateway listening',
  );
  // Only with an HTTPS port: otherwise SIGHUP (a closed terminal) stops the process as it always did.
  if (started.tlsPort) process.on('SIGHUP', () => void started.reloadTls());
}

main().catch((error: unknown) => {
  // A start cut short by a stop fails as the stop closes what it used: the stop decides the exit.
  if (readiness.state === 'stopping') return;
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
