import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { discoveryDepsOf } from '../src/discovery/discovery-service';
import { proxies } from '../src/db/schema';
import { adminToken, buildTestApp, customerCall, fundedCustomer, json, type TestApp } from './helper';
import { echoService, httpUpstream } from './http-upstream';
import { socksUpstream } from './socks-upstream';

export type DiscoveryApp = TestApp & { token: string };

/**
 * What the discovery tests share: an exit-IP echo service answering `exitIp` (set it before a
 * round), a local SOCKS5 and a local HTTP upstream, started once per file, and an app whose
 * discovery asks that echo.
 */
export function discoveryKit() {
  let echo: Awaited<ReturnType<typeof echoService>> | undefined;
  let socks: Awaited<ReturnType<typeof socksUpstream>> | undefined;
  let httpProxy: Awaited<ReturnType<typeof httpUpstream>> | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the discovery kit is used before its beforeAll ran');
    return value;
  };
  const kit = {
    exitIp: '8.8.8.8',
    get echo() {
      return started(echo);
    },
    get socks() {
      return started(socks);
    },
    get httpProxy() {
      return started(httpProxy);
    },
  };
  beforeAll(async () => {
    echo = await echoService(() => kit.exitIp);
    socks = await socksUpstream();
    httpProxy = await httpUpstream();
  });
  afterAll(async () => {
    await echo?.close();
    await socks?.stop();
    await httpProxy?.stop();
  });
  return kit;
}

export async function discoveryApp(
  kit: ReturnType<typeof discoveryKit>,
  env: Record<string, string> = {},
): Promise<DiscoveryApp> {
  const t = await buildTestApp({
    env: { EXIT_IP_URL: `${kit.echo.url}/json`, DISCOVERY_TIMEOUT_SECONDS: '2', UNHEALTHY_AFTER_FAILURES: '2', ...env },
  });
  return Object.assign(t, { token: await adminToken(t) });
}

export const discoveryDeps = (t: TestApp) => discoveryDepsOf({ config: t.config, db: t.database.db, clock: t.clock });

/** Posts plain-text upstream lines to the import, as the console's paste does. */
export function importText(t: DiscoveryApp, text: string, query = '') {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/proxies${query}`,
    headers: { authorization: `Bearer ${t.token}`, 'content-type': 'text/plain' },
    payload: text,
  });
}

export async function proxyRow(t: TestApp, id: number) {
  const [found] = await t.database.db.select().from(proxies).where(eq(proxies.id, id));
  if (!found) throw new Error(`no proxy ${id}`);
  return found;
}

/** The catalogue's version as a customer sees it. */
export async function catalogueSumid(t: TestApp): Promise<string> {
  const customer = await fundedCustomer(t, 1000);
  return json<{ sumid: string }>(await customerCall(t, customer.apiKey).get('/api/proxy/sumid')).sumid;
}
