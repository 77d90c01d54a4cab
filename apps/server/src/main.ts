import process from 'node:process';
import { listenedCustomerCache } from './accounts/customer-cache';
import { buildApp, LOG_REDACT_PATHS, paymentsDepsOf } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { seedDemoInventory } from './inventory/demo-inventory';
import { runLifecycleOnce } from './jobs/lifecycle-jobs';
import { reconcilePayments } from './jobs/payments-reconcile';
import { repeatEvery } from './jobs/repeat';
import { createPaymentProvider } from './payments/providers';
import { startGateway, type Gateway } from './gateway/gateway';
import { createGatewayProvisioner } from './rentals/provisioner';
import { demoAdminSecret, lockDataDir } from './lib/data-dir';

/** Pretty logs when a person watches a terminal; JSON lines for log collectors otherwise. */
function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } } : {}),
  };
}

function readConfig(): Config {
  try {
    return loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  let config = readConfig();
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);

  let adminNotice: string;
  if (config.adminSecret) {
    adminNotice = 'Admin secret: from ADMIN_SECRET';
  } else {
    const demo = demoAdminSecret(config.dataDir);
    config = { ...config, adminSecret: demo.secret };
    adminNotice = demo.generated
      ? `Admin secret (generated, shown once; kept in ${demo.file}): ${demo.secret}`
      : `Admin secret: kept in ${demo.file}`;
  }

  const database = await openDatabase(config);
  await database.migrate();
  const seeded = await seedDemoInventory(database.db, config.demoInventory, systemClock.now());
  const provisioner = createGatewayProvisioner(database.db, config.gateway.checkUrl);
  const paymentProvider = createPaymentProvider(config);
  const customers = await listenedCustomerCache(database);
  const app = await buildApp({
    customers: customers.cache,
    config,
    db: database.db,
    clock: systemClock,
    provisioner,
    paymentProvider,
    logger: loggerOptions(config),
  });
  const lifecycle = {
    db: database.db,
    clock: systemClock,
    provisioner,
    graceMs: config.rentalGraceMs,
    provisioningDeadlineMs: config.provisioningDeadlineMs,
    healthCheckMs: config.healthCheckMs,
  };
  const payments = paymentsDepsOf({ config, db: database.db, clock: systemClock, paymentProvider });
  const stopJobs = [
    repeatEvery('rental lifecycle', config.jobIntervalMs, () => runLifecycleOnce(lifecycle), app.log),
    repeatEvery('payment reconciliation', config.payments.reconcileMs, () => reconcilePayments(payments), app.log),
  ];

  let gateway: Gateway | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    // Ctrl-C reaches this process from the terminal and again through npm: the shutdown under
    // way handles both; the timer below bounds it.
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      console.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // Stop taking requests and finish those under way before the database closes, so no write is lost.
    await Promise.all(stopJobs.map((stopJob) => stopJob()));
    await gateway?.close();
    await app.close();
    await customers.stop();
    await database.close();
    unlock();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  gateway = config.gateway.enabled
    ? await startGateway({
        database,
        clock: systemClock,
        log: app.log,
        host: config.host,
        socksPort: config.gateway.socksPort,
        httpPort: config.gateway.httpPort,
        handshakeTimeoutMs: config.gateway.handshakeTimeoutMs,
        privateTargets: config.gateway.privateTargets,
        privateTargetException: config.gateway.privateTargetException,
      })
    : null;
  const lines = [
    '',
    `  Proxy rental portal is running: ${config.publicUrl}`,
    `  Database: ${database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Payments: ${config.paymentProvider}${config.isProduction ? '' : ' (demo mode)'}`,
    gateway
      ? `  Gateway: SOCKS5 ${config.gateway.host}:${gateway.socksPort}, HTTP ${config.gateway.host}:${gateway.httpPort}`
      : '  Gateway: not in this process (GATEWAY_ENABLED=false; run npm run gateway)',
    ...(seeded > 0 ? [`  Inventory: seeded ${seeded} demo proxies (documentation-range IPs, direct upstreams)`] : []),
    `  ${adminNotice}`,
    '  Stop with Ctrl-C.',
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack && process.env.LOG_LEVEL === 'debug') console.error(error.stack);
  process.exit(1);
});
