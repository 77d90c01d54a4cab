import {
  createNodeEndpoint,
  listNodesEndpoint,
  NodeCreateRequestSchema,
  ProxyIdParamsSchema,
  ProxyNodeRequestSchema,
  revokeNodeEndpoint,
  setProxyNodeEndpoint,
} from '@portal/contract';
import type { Command } from 'commander';
import { createNodeBy, listNodes, revokeNodeBy, setProxyNodeBy } from '../nodes/admin-nodes-service';
import { serverVersion } from '../lib/server-version';
import { addRowCommand, asOperator, byId, numberOrText, requestOf } from './cli-support';
import { counted } from './counted';

/** `shop` (or `none`) is the shop's own gateway; anything else is read as a node id. */
const nodeChoice = (value: string): number | string | null =>
  value === 'shop' || value === 'none' ? null : numberOrText(value);

/** Gateway nodes from the command line: the same calls, roles and audit rows as the console's. */
export function addNodeCommands(program: Command, proxies: Command): void {
  const nodes = program
    .command('nodes')
    .description('gateway nodes: gateways on other servers, with no database access');
  nodes
    .command('list')
    .description('each node with its state, last contact, version, ports, connections and bytes')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const list = await asOperator(listNodesEndpoint, (deps) => listNodes(deps));
      if (options.json) return void console.log(JSON.stringify(list, null, 2));
      console.log(
        [
          'id',
          'name',
          'host',
          'state',
          'last_seen',
          'version',
          'connections',
          'bytes_up',
          'bytes_down',
          'proxies',
        ].join('\t'),
      );
      for (const n of list) {
        const state = n.revokedAt ? 'revoked' : n.online ? 'online' : 'offline';
        const cells = [n.id, n.name, n.host, state, n.last_seen ?? 'never', n.version ?? '', n.openConnections];
        console.log([...cells, n.bytesUp, n.bytesDown, n.proxies].join('\t'));
      }
      // This checkout's code: what the shop runs when its API was started from the same one.
      console.log(`${counted(list.length, 'node')}; this code's version: ${serverVersion()}`);
    });
  nodes
    .command('add <name> <host>')
    .description('add a node; prints its NODE_TOKEN once (only its hash is kept) and the command that starts it')
    .action(async (name: string, host: string) => {
      const input = requestOf(NodeCreateRequestSchema, { name, host });
      const { node, token, panelUrl } = await asOperator(createNodeEndpoint, async (deps, actor, config) => ({
        ...(await createNodeBy(deps, actor, input)),
        panelUrl: config.publicUrl,
      }));
      console.log(`Node ${node.id} (${node.name}) added. Its token, shown only now:\n${token}`);
      console.log(
        `\nOn the node's server:\nPANEL_URL=${panelUrl} NODE_TOKEN=${token} GATEWAY_HOST=${node.host} npm run gateway`,
      );
    });
  addRowCommand(
    nodes,
    {
      name: 'revoke',
      description: 'revoke a node: its token stops working at once and the node stops serving',
      endpoint: revokeNodeEndpoint,
    },
    byId(revokeNodeEndpoint),
    revokeNodeBy,
    (id) => `Node ${id} revoked.`,
  );

  proxies
    .command('node <id> <node-id|shop>')
    .description("choose the gateway that serves a proxy's rentals: a node's id, or shop for the shop's own")
    .action(async (id: string, node: string) => {
      const params = requestOf(ProxyIdParamsSchema, { id });
      const body = requestOf(ProxyNodeRequestSchema, { nodeId: nodeChoice(node) });
      await asOperator(setProxyNodeEndpoint, (deps, actor) => setProxyNodeBy(deps, actor, params.id, body.nodeId));
      console.log(
        `Proxy ${params.id} is served by ${body.nodeId === null ? "the shop's own gateway" : `node ${body.nodeId}`}.`,
      );
    });
}
