import { defineEndpoint } from '../api/endpoint';
import { ProxyIdParamsSchema } from '../inventory/schemas';
import {
  NODE_ONLINE_WINDOW_MS,
  NodeCreateRequestSchema,
  NodeCreateResponseSchema,
  NodeIdParamsSchema,
  NodeListResponseSchema,
  NodeRevokeResponseSchema,
  ProxyNodeRequestSchema,
  ProxyNodeResponseSchema,
} from './admin-schemas';

export const listNodesEndpoint = defineEndpoint({
  operationId: 'listNodes',
  method: 'GET',
  path: '/api/admin/nodes',
  tag: 'admin',
  summary: 'The gateway nodes',
  description: `Each node with \`online\` (in contact within the last ${NODE_ONLINE_WINDOW_MS / 1000} seconds and not revoked), \`last_seen\`, its version and ports, open connections and bytes relayed as of its last report, and how many proxies it serves; \`shopVersion\` is what the answering API runs, in the form nodes report theirs, so a node left on other code shows. Never a token.`,
  access: 'admin',
  roles: ['manager'],
  response: NodeListResponseSchema,
});

export const createNodeEndpoint = defineEndpoint({
  operationId: 'createNode',
  method: 'POST',
  path: '/api/admin/nodes',
  tag: 'admin',
  summary: 'Add a gateway node',
  description:
    "`host` is what customers connect to for the node's proxies. Answers the node's token (its NODE_TOKEN) once; only its SHA-256 digest is kept.",
  access: 'admin',
  request: { body: NodeCreateRequestSchema },
  response: NodeCreateResponseSchema,
  errors: ['NODE_NAME_TAKEN'],
});

export const revokeNodeEndpoint = defineEndpoint({
  operationId: 'revokeNode',
  method: 'DELETE',
  path: '/api/admin/nodes/:id',
  tag: 'admin',
  summary: 'Revoke a gateway node',
  description:
    'Its token stops working at once: its open stream is closed and its next call is refused, and a refused node stops serving. Its proxies keep naming it until they are assigned elsewhere.',
  access: 'admin',
  request: { params: NodeIdParamsSchema },
  response: NodeRevokeResponseSchema,
  errors: ['NODE_NOT_FOUND'],
});

export const setProxyNodeEndpoint = defineEndpoint({
  operationId: 'setProxyNode',
  method: 'POST',
  path: '/api/admin/proxies/:id/node',
  tag: 'admin',
  summary: 'Choose the gateway that serves a proxy',
  description:
    "`nodeId` names a node that is not revoked; null is the shop's own gateway. The rental holding the proxy moves at once: the old gateway forgets it, the new one learns it, and its connection string names the new gateway's host and ports.",
  access: 'admin',
  roles: ['manager'],
  request: { params: ProxyIdParamsSchema, body: ProxyNodeRequestSchema },
  response: ProxyNodeResponseSchema,
  errors: ['PROXY_NOT_FOUND', 'NODE_NOT_FOUND'],
});
