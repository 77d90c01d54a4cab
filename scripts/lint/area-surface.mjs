/**
 * What one server area may import of another. An area's service (`*-service.ts`) is its front
 * door: the rules that go with its tables (transactions, locks, audit rows, cache bumps) sit behind
 * it. A few inner modules are published beside it, each for a reason a service cannot serve (a
 * second process that must not load the service, a cycle, a shared type or piece of network code);
 * they are listed here, so a new reach into another area's insides fails lint until someone writes
 * down why it is needed.
 */

/** Shared plumbing, not areas: anyone may import them, and they are not zoned. */
export const PLUMBING = ['cli', 'db', 'health', 'jobs', 'lib', 'metrics', 'openapi', 'plugins'];

/** Per area, the inner modules (path under the area, without `.ts`) other areas may import, and why. */
export const PUBLISHED = {
  accounts: {
    // The balance is a column of the customer's row, changed only by the ledger beside its row; the
    // accounts service itself posts through the ledger, so the ledger cannot import that service.
    'wallet-balance': 'the ledger changes and locks the balance',
    'customer-cache': 'the ledger tells the customer cache that a balance changed',
  },
  catalogue: { 'catalogue-cache': 'the storefront reads the catalogue cache it is handed (a type)' },
  discovery: {
    ipqs: "the ops status shows the month's IPQS look-ups",
    // A node runs the API's checks through its upstreams, so both must judge an answer alike.
    'fetch-through': 'a node fetches through an upstream as discovery does',
    'udp-check': 'a node checks UDP through an upstream as discovery does',
  },
  gateway: {
    // Discovery and the provisioner reach upstreams exactly as the gateway does.
    dialer: 'dials an upstream the way the gateway does',
    'target-policy': "the rule of which targets a customer's traffic may reach",
    'address-ranges': 'what a public unicast address is',
    'udp-path': 'a UDP path through an upstream',
  },
  inventory: {
    'proxy-state': "a proxy's state, as the console and discovery name it",
    'inventory-import': "a node's own import reads rows by the inventory's rules",
  },
  nodes: {
    'node-probes': "checks through a node's upstream, for discovery and the provisioner",
    'node-address': "the host and ports customers use for a node's proxy",
    'import-nodes': 'an import names the node that serves each row',
    'node-alerts': 'the ops jobs watch for nodes out of contact',
  },
  ops: {
    // The gateway is a process of its own and loads no API service.
    shutdown: 'every process stops on the same signals',
    'gateway-heartbeat': 'the gateway reports that it is alive',
  },
  payments: { 'providers/provider': 'the ops and the jobs tell a provider failure from a bug' },
  rentals: {
    // The gateway process and a node's channel count traffic without loading the rentals service.
    'rental-activity': 'records and reads whether a rental carries traffic',
    'rental-usage': "adds relayed bytes to a rental's counters",
    'sources-types': 'the channel and rows of the source-address limit',
  },
  storefront: { 'storefront-facts': 'the catalogue feeds the storefront facts it is asked for (a type)' },
};

/**
 * ESLint zones (import-x/no-restricted-paths) for every area folder under `serverSrc`: another
 * area's files are refused, but for its services and published modules.
 */
export function areaSurfaceZones(serverSrc, areas) {
  const published = Object.entries(PUBLISHED).flatMap(([area, modules]) =>
    // As a pattern (`@(name)`), since the rule takes only patterns beside a pattern `from`.
    Object.keys(modules).map((module) => {
      const slash = module.lastIndexOf('/') + 1;
      return `${serverSrc}/${area}/${module.slice(0, slash)}@(${module.slice(slash)}).ts`;
    }),
  );
  return areas
    .filter((area) => !PLUMBING.includes(area))
    .map((area) => ({
      target: `${serverSrc}/${area}`,
      from: `${serverSrc}/*/**`,
      except: [
        `${serverSrc}/${area}/**`,
        ...PLUMBING.map((folder) => `${serverSrc}/${folder}/**`),
        `${serverSrc}/*/*-service.ts`,
        ...published,
      ],
      message:
        "Another area's inner module (its repository or other insides): import its *-service.ts, or publish the module in scripts/lint/area-surface.mjs with why.",
    }));
}
