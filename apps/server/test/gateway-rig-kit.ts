import type net from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Gateway, GatewayOptions } from '../src/gateway/gateway';
import { buildTestApp, type TestApp } from './helper';
import { freePortRange } from './ip-auth-kit';
import { startTestGateway } from './live-rental-kit';
import { startOrigin } from './origin';

/** An app, a local origin and a gateway with a range of own ports, for the tests that send traffic. */
export interface GatewayRig {
  t: TestApp;
  origin: Awaited<ReturnType<typeof startOrigin>>;
  gateway: Gateway;
  /** GATEWAY_PORT_RANGE of the app and the gateway. */
  range: { first: number; last: number };
  /** Sockets a test keeps open; destroyed before the gateway closes, which would wait for them. */
  open: net.Socket[];
}

/**
 * The rig for a whole test file: `ports` consecutive ports free on every one of `portHosts` become
 * the app's GATEWAY_PORT_RANGE (beside `env`), and the gateway starts with `gateway`'s options;
 * handed to `ready`, closed after the tests. Registers vitest hooks: called at the file's top level.
 */
export function gatewayRigPerFile(
  setup: {
    ports: number;
    portHosts?: string[];
    env?: Record<string, string>;
    gateway: (t: TestApp, origin: GatewayRig['origin']) => Partial<GatewayOptions>;
  },
  ready: (rig: GatewayRig) => void,
): void {
  let rig: GatewayRig | undefined;
  beforeAll(async () => {
    const origin = await startOrigin();
    const range = await freePortRange(setup.ports, setup.portHosts ?? ['127.0.0.1']);
    const t = await buildTestApp({ env: { ...setup.env, GATEWAY_PORT_RANGE: `${range.first}-${range.last}` } });
    const gateway = await startTestGateway(t, setup.gateway(t, origin));
    rig = { t, origin, gateway, range, open: [] };
    ready(rig);
  });
  afterAll(async () => {
    if (!rig) return;
    for (const socket of rig.open) socket.destroy();
    await rig.gateway.close();
    await rig.origin.close();
    await rig.t.close();
  });
}
