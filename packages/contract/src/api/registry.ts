import * as accounts from '../accounts/endpoints';
import * as accountsConsole from '../accounts/console-endpoints';
import * as admin from '../admin/endpoints';
import * as audit from '../audit/endpoints';
import * as catalogue from '../catalogue/endpoints';
import * as discovery from '../discovery/endpoints';
import * as inventory from '../inventory/endpoints';
import * as inventoryConsole from '../inventory/console-endpoints';
import * as news from '../news/endpoints';
import * as nodes from '../nodes/admin-endpoints';
import * as nodeChannel from '../nodes/channel-endpoints';
import * as notices from '../notices/endpoints';
import * as ops from '../ops/endpoints';
import * as payments from '../payments/endpoints';
import * as paymentsConsole from '../payments/console-endpoints';
import * as rentals from '../rentals/endpoints';
import * as replacements from '../replacements/endpoints';
import * as site from '../site/endpoints';
import type { Endpoint } from './endpoint';

/**
 * The console's first calls, each defined by the area that serves it (admin, audit, and the
 * operator's calls of accounts, payments and inventory): one group in the order of their export
 * names, the order they had when the admin area defined them all. The API document lists paths
 * in the order of `ENDPOINTS`, so moving a call to its area leaves the published document as it was.
 */
const consoleCalls = Object.fromEntries(
  Object.entries({ ...admin, ...audit, ...accountsConsole, ...paymentsConsole, ...inventoryConsole }).sort(
    ([a], [b]) => (a < b ? -1 : a > b ? 1 : 0),
  ),
);

/**
 * Every call of the API. Its own entry point (`@portal/contract/registry`), so that the browser's
 * pages, which import single endpoints from the main entry, never carry the whole list.
 */
export const ENDPOINTS: readonly Endpoint[] = [
  accounts,
  catalogue,
  rentals,
  replacements,
  payments,
  news,
  consoleCalls,
  discovery,
  inventory,
  ops,
  notices,
  site,
  nodes,
  nodeChannel,
]
  .flatMap((area) => Object.values(area))
  .filter(isEndpoint);

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'operationId' in value && 'method' in value;
}
