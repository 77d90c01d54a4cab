import { setMaxListeners } from 'node:events';
import process from 'node:process';
import { listenedCustomerCache } from './accounts/customer-cache';
import { buildApp, paymentsDepsOf } from './app';
import { portalLoggerOptions } from './logging';
import { systemClock } from './clock';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { seedDemoInventory } from './inventory/demo-inventory';
import { narrowStoredIpAuthLists } from './rentals/ip-auth';
import { listenedCatalogueVersion } from './catalogue/catalogue-cache';
import { listenedNews } from './news/news-cache';
import { runLifecycleOnce } from './jobs/lifecycle-jobs';
import { reconcilePayments } from './jobs/payments-reconcile';
import { discoveryDepsOf, runDiscoveryRound } from './discovery/discovery-service';
import { repeatEvery } from './jobs/repeat';
import { startNotices } from './notices/notices-jobs';
import { createPaymentProvider } from './payments/providers';
import { startGateway, type Gateway } from './gateway/gateway';
import { gatewaySettingsOf } from './gateway/gateway-config';
import { createGatewayProvisioner } from './rentals/provisioner';
import { listenedHistoryCache } from './rentals/history-cache';
import { demoAdminSecret, demoSecretNotice, lockDataDir } from './lib/data-dir';
import { serverVersion } from './lib/server-version';
import { Readiness } from './health/readiness';
import { Alerts, consoleAlertLog } from './ops/alerts-service';
import { runScheduledBackup } from './ops/backup-schedule';
import { watchOnce } from './ops/ops-watch';
import { watchedProvider } from './ops/watched-provider';
import { stopOnSignals } from './ops/shutdown';

/** Pretty logs when a person watches a terminal; JSON lines for log collectors otherwise. */
function loggerOptions(config: Config) {
  return portalLoggerOptions(config.logLevel, process.stdout.isTTY === true);
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

// Module-wide, so that a start cut short by a stop can tell (see the catch below).
const readiness = new Readiness('starting');

async function main(): Promise<void> {
  let config = readConfig();
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);

  let adminNotice: string;
  if (config.adminSecret) {
    adminNotice = 'Admin secret: from ADMIN_SECRET';
  } else {
    const demo = demoAdminSecret(config.dataDir);
    config = { ...config, adminSecret: demo.secret };
    adminNotice = demoSecretNotice(demo, process.stdout.isTTY === true);
  }

  // Signals are handled from the first step: a stop during the start exits 0 and leaves nothing
  // running. What the start has opened so far is what the stop closes.
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  const listened: { stop: () => Promise<void> }[] = [];
  const stopJobs: (() => Promise<void>)[] = [];
  let gatewayStarting: Promise<Gateway | null> = Promise.resolve(null);
  let started = false;
  const databaseOpening = openDatabase(config);
  stopOnSignals({
    readiness,
    drainMs: config.gatewayDrainMs,
    delayMs: config.shutdownDelayMs,
    log: (details) =>
      app
        ? app.log.info(details, 'shutting down')
        : console.log(`Stopping during the start (${String(details.signal)}).`),
    close: async (drainMs) => {
      // An embedded server still starting is waited for, so that it is stopped and not orphaned.
      const database = await databaseOpening.catch(() => null);
      // The listener closes and requests under way finish, jobs end after their current
      // transaction, tunnels drain; only then does the database close, so no write is lost.
      await Promise.all([
        app?.close(),
        ...stopJobs.map((stopJob) => stopJob()),
        gatewayStarting.then(
          (gateway) => gateway?.close({ drainMs }),
          () => undefined,
        ),
      ]);
      for (const value of listened) await value.stop();
      // On DATABASE_URL a step still under way (a migration waiting on another process's lock)
      // would keep the pool from closing: its connections end with the process instead.
      if (database && (started || database.kind === 'embedded')) await database.close();
      unlock();
      console.log('Stopped.');
    },
  });
  const stopped = () => readiness.state === 'stopping';

  const database = await databaseOpening;
  if (stopped()) return;
  const provisioner = createGatewayProvisioner(database.db, config.gateway.checkUrl);
  // Operator alerts: log lines (through the app's logger once it exists) and metrics of this process.
  const alerts = new Alerts(consoleAlertLog, systemClock);
  const paymentProvider = watchedProvider(createPaymentProvider(config), alerts);
  const kept = <T extends { stop: () => Promise<void> }>(value: T): T => (listened.push(value), value);
  const customers = kept(await listenedCustomerCache(database));
  const histories = kept(await listenedHistoryCache(database));
  const catalogueVersion = kept(await listenedCatalogueVersion(database));
  const news = kept(await listenedNews(database));
  if (stopped()) return;
  app = await buildApp({
    customers: customers.cache,
    histories: histories.cache,
    catalogueVersion: catalogueVersion.value,
    news: news.value,
    config,
    db: database.db,
    listen: database.listen,
    clock: systemClock,
    provisioner,
    paymentProvider,
    logger: loggerOptions(config),
    readiness,
    poolStats: database.poolStats,
  });
  if (stopped()) return;
  alerts.useLog(app.log);
  // Listening before migrations: probes see `starting` (503) instead of a refused connection, and
  // other requests get 503 until the database is ready.
  await app.listen({ port: config.port, host: config.host });
  if (stopped()) return;

  await database.migrate();
  if (stopped()) return;
  const narrowed = await narrowStoredIpAuthLists(database.db, systemClock);
  if (narrowed > 0) app.log.warn({ rentals: narrowed }, 'IP authorization: entries wider than the rules removed');
  const seeded = await seedDemoInventory(database.db, config.demoInventory, systemClock.now());
  if (stopped()) return;
  const lifecycle = {
    db: database.db,
    clock: systemClock,
    provisioner,
    graceMs: config.rentalGraceMs,
    provisioningDeadlineMs: config.provisioningDeadlineMs,
    healthCheckMs: config.healthCheckMs,
    replacement: {
      autoAfterMs: config.replacement.autoAfterMs,
      perDay: config.replacement.perRentalDay,
      autoPerDay: config.replacement.autoPerRentalDay,
    },
  };
  const payments = paymentsDepsOf({ config, db: database.db, clock: systemClock, paymentProvider });
  stopJobs.push(
    repeatEvery('rental lifecycle', config.jobIntervalMs, (signal) => runLifecycleOnce(lifecycle, signal), app.log),
    repeatEvery(
      'payment reconciliation',
      config.payments.reconcileMs,
      (signal) => reconcilePayments(payments, signal),
      app.log,
    ),
  );

  const watch = {
    db: database.db,
    clock: systemClock,
    alerts,
    lowStockThreshold: config.lowStockThreshold,
    nodeAlertMs: config.nodeAlertMs,
    ipqsMonthlyLimit: config.discovery.ipqs?.monthlyLimit ?? null,
  };
  stopJobs.push(
    repeatEvery('operator alerts', Math.max(config.jobIntervalMs, 15_000), () => watchOnce(watch), app.log),
  );
  const backups = config.backups;
  if (backups) {
    const backupDeps = { db: database.db, clock: systemClock, config: backups, alerts };
    // A claim is one small transaction: every process asks, the one that claims writes.
    stopJobs.push(repeatEvery('scheduled backup', 30_000, () => runScheduledBackup(backupDeps), app.log));
  }
  // Telegram and e-mail notices: the queue's sender in every process, the bot's
  // polling in one of them at a time.
  stopJobs.push(startNotices({ config, db: database.db, clock: systemClock, alerts }, app.log));

  // After listen: re-checks fetch GATEWAY_CHECK_URL, by default this server's own /healthz.
  const stopDiscovery = new AbortController();
  // Every look-up of a round (DISCOVERY_CONCURRENCY at once) listens on this one signal and lets
  // go when done: many listeners at once are the design, not a leak.
  setMaxListeners(0, stopDiscovery.signal);
  const discovery = {
    ...discoveryDepsOf({ config, db: database.db, clock: systemClock }),
    signal: stopDiscovery.signal,
  };
  const stopDiscoveryJob = repeatEvery(
    'inventory discovery',
    config.jobIntervalMs,
    () => runDiscoveryRound(discovery),
    app.log,
  );
  stopJobs.push(() => {
    // Looks through upstreams may wait on the network for seconds: cut them, record nothing.
    stopDiscovery.abort();
    return stopDiscoveryJob();
  });
  gatewayStarting = config.gateway.enabled
    ? startGateway({ database, clock: systemClock, log: app.log, ...gatewaySettingsOf(config) })
    : Promise.resolve(null);
  const gateway = await gatewayStarting;
  if (stopped()) return;
  // Only with an HTTPS port: otherwise SIGHUP (a closed terminal) stops the process as it always did.
  if (gateway?.tlsPort) process.on('SIGHUP', () => void gateway?.reloadTls());
  started = true;
  readiness.ready();
  const lines = [
    '',
    `  Proxy rental portal is running: ${config.publicUrl}`,
    `  Version: ${serverVersion()}`,
    `  Database: ${database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Payments: ${config.paymentProvider}${config.isProduction ? '' : ' (demo mode)'}`,
    gateway
      ? `  Gateway: SOCKS5 and SOCKS4 ${config.gateway.host}:${gateway.socksPort}, HTTP ${config.gateway.host}:${gateway.httpPort}${gateway.tlsPort ? `, HTTPS ${config.gateway.host}:${gateway.tlsPort}` : ''}`
      : '  Gateway: not in this process (GATEWAY_ENABLED=false; run npm run gateway)',
    ...(seeded > 0 ? [`  Inventory: seeded ${seeded} demo proxies (documentation-range IPs, direct upstreams)`] : []),
    `  ${adminNotice}`,
    '  Stop with Ctrl-C.',
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  // A start cut short by a stop fails as the stop closes what it used: the stop decides the exit.
  if (readiness.state === 'stopping') return;
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack && process.env.LOG_LEVEL === 'debug') console.error(error.stack);
  process.exit(1);
});
