import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { SERVER_ROOT } from '../lib/server-root';
import type { GatewaySettings } from './gateway';

/** The gateway's settings from the configuration: the same in `npm start` and in `npm run gateway`. */
export function gatewaySettingsOf(config: Config): Omit<GatewaySettings, 'clock' | 'log'> {
  const gateway = config.gateway;
  return {
    host: config.host,
    publicHost: gateway.host,
    socksPort: gateway.socksPort,
    httpPort: gateway.httpPort,
    handshakeTimeoutMs: gateway.handshakeTimeoutMs,
    maxPendingPerSource: gateway.maxPendingPerSource,
    maxConnections: gateway.maxConnections,
    privateTargets: gateway.privateTargets,
    privateTargetException: gateway.privateTargetException,
    proxyProtocolFrom: gateway.proxyProtocolFrom,
    rentalMaxConnections: gateway.rentalMaxConnections,
    tls: gateway.tls,
    rentalMaxSourceIps: gateway.rentalMaxSourceIps,
    sourceWindowMs: gateway.sourceWindowMs,
    udpMaxPerRental: gateway.udpMaxPerRental,
    udpMax: gateway.udpMax,
  };
}

/** The server package's version, which a node reports to the shop. */
export function serverVersion(): string {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8'));
    const version = typeof parsed === 'object' && parsed !== null && 'version' in parsed ? parsed.version : null;
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}
