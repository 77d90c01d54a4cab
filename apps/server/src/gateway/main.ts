import process from 'node:process';
import pino from 'pino';
import { systemClock } from '../clock';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { startGateway } from './gateway';

/**
 * A gateway process of its own (`npm run gateway`): several can run beside the API processes,
 * all on one PostgreSQL database; credential changes reach each through LISTEN/NOTIFY.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  if (!config.databaseUrl) {
    throw new Error(
      'A gateway of its own needs DATABASE_URL (PostgreSQL). With the embedded database, npm start runs the gateway inside.',
    );
  }
  const log = pino({ level: config.logLevel });
  const database = await openDatabase(config);
  await database.migrate();
  const gateway = await startGateway({
    database,
    clock: systemClock,
    log,
    host: config.host,
    socksPort: config.gateway.socksPort,
    httpPort: config.gateway.httpPort,
    handshakeTimeoutMs: config.gateway.handshakeTimeoutMs,
    maxPendingPerSource: config.gateway.maxPendingPerSource,
    maxConnections: config.gateway.maxConnections,
    privateTargets: config.gateway.privateTargets,
    privateTargetException: config.gateway.privateTargetException,
  });
  log.info({ socksPort: gateway.socksPort, httpPort: gateway.httpPort }, 'gateway listening');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await gateway.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
