import * as accounts from '../accounts/endpoints';
import * as admin from '../admin/endpoints';
import * as catalogue from '../catalogue/endpoints';
import * as discovery from '../discovery/endpoints';
import * as inventory from '../inventory/endpoints';
import * as news from '../news/endpoints';
import * as nodes from '../nodes/admin-endpoints';
import * as nodeChannel from '../nodes/channel-endpoints';
import * as notices from '../notices/endpoints';
import * as ops from '../ops/endpoints';
import * as payments from '../payments/endpoints';
import * as rentals from '../rentals/endpoints';
import * as replacements from '../replacements/endpoints';
import * as site from '../site/endpoints';
import type { Endpoint } from './endpoint';

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
  admin,
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
