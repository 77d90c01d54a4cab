import type { Config } from '../config';
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
