import process from 'node:process';
import pino from 'pino';
import { portalLoggerOptions } from '../logging';
import { systemClock } from '../clock';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { Readiness } from '../health/readiness';
import { startMetricsServer } from '../metrics/metrics-server';
import { startGateway } from './gateway';

/**
 * A gateway process of its own (`npm run gateway`): several can run beside the API processes,
 * all on one PostgreSQL database; credential changes reach each through LISTEN/NOTIFY. Its
 * /metrics, /readyz and /healthz are on GATEWAY_METRICS_PORT.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  if (!config.databaseUrl) {
    throw new Error(
      'A gateway of its own needs DATABASE_URL (PostgreSQL). With the embedded database, npm start runs the gateway inside.',
    );
  }
  const log = pino(portalLoggerOptions(config.logLevel));
  const readiness = new Readiness('starting');
  const probes = await startMetricsServer({
    host: config.host,
    port: config.metrics.gatewayPort,
    token: config.metrics.token,
    metrics: config.metrics.enabled,
    readiness,
  });
  const database = await openDatabase(config);
  await database.migrate();
  const gateway = await startGateway({
    database,
    clock: systemClock,
    log,
    host: config.host,
    publicHost: config.gateway.host,
    socksPort: config.gateway.socksPort,
    httpPort: config.gateway.httpPort,
    handshakeTimeoutMs: config.gateway.handshakeTimeoutMs,
    maxPendingPerSource: config.gateway.maxPendingPerSource,
    maxConnections: config.gateway.maxConnections,
    privateTargets: config.gateway.privateTargets,
    privateTargetException: config.gateway.privateTargetException,
    proxyProtocolFrom: config.gateway.proxyProtocolFrom,
    rentalMaxConnections: config.gateway.rentalMaxConnections,
    tls: config.gateway.tls,
    rentalMaxSourceIps: config.gateway.rentalMaxSourceIps,
    sourceWindowMs: config.gateway.sourceWindowMs,
    udpMaxPerRental: config.gateway.udpMaxPerRental,
    udpMax: config.gateway.udpMax,
  });
  readiness.ready();
  log.info(
    { socksPort: gateway.socksPort, httpPort: gateway.httpPort, tlsPort: gateway.tlsPort, metricsPort: probes.port },
    'gateway listening',
  );
  // Only with an HTTPS port: otherwise SIGHUP (a closed terminal) stops the process as it always did.
  if (gateway.tlsPort) process.on('SIGHUP', () => void gateway.reloadTls());
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    readiness.stopping();
    // SIGTERM (an orchestrator's restart) lets open tunnels run on; Ctrl-C stops at once.
    const drainMs = signal === 'SIGTERM' ? config.gatewayDrainMs : 0;
    const delayMs = signal === 'SIGTERM' ? config.shutdownDelayMs : 0;
    log.info({ signal, drainMs, delayMs }, 'gateway stopping');
    setTimeout(() => process.exit(1), delayMs + drainMs + 10_000).unref();
    // Accepting on while the balancer's checks learn of the 503 (as the API does, main.ts).
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await gateway.close({ drainMs });
    await database.close();
    await probes.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
