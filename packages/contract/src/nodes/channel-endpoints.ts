import { defineEndpoint } from '../api/endpoint';
import {
  NODE_REPORT_MS,
  NODE_STREAM_CONTENT_TYPE,
  NodeReportAnswerSchema,
  NodeReportSchema,
  NodeStreamMessageSchema,
  NodeUsageAnswerSchema,
  NodeUsageBatchSchema,
  ProbeResultAnswerSchema,
  ProbeResultParamsSchema,
  ProbeResultSchema,
} from './channel';

export const nodeReportEndpoint = defineEndpoint({
  operationId: 'nodeReport',
  method: 'POST',
  path: '/api/node/report',
  tag: 'nodes',
  summary: "A gateway node's report: its version, ports and counters",
  description: `Sent by a node at start and every ${NODE_REPORT_MS / 1000} s. Sets the ports the connection strings of its rentals name, its version, open connections, bytes relayed since it started, and when it was last seen.`,
  access: 'node',
  request: { body: NodeReportSchema },
  response: NodeReportAnswerSchema,
});

export const nodeStreamEndpoint = defineEndpoint({
  operationId: 'nodeStream',
  method: 'GET',
  path: '/api/node/stream',
  tag: 'nodes',
  summary: 'What a gateway node serves: a snapshot, then every change as it happens',
  description:
    'Newline-delimited JSON, one message per line. The first is a snapshot of the rentals on the proxies of this node (their credentials, end times, upstreams, IP authorization) and the shop defaults; changes follow within a second (`rental`, `forget`, `ipAuth`, `sourcesCleared`), with `probe` requests and a `ping` every 5 s. Nothing of rentals on other proxies is ever sent. A revoked token closes the stream at once; a node that reads too slowly is disconnected and starts over with a snapshot.',
  access: 'node',
  response: NodeStreamMessageSchema,
  content: { [NODE_STREAM_CONTENT_TYPE]: NodeStreamMessageSchema },
  responseDescription: 'One message per line, the first a snapshot',
});

export const nodeUsageEndpoint = defineEndpoint({
  operationId: 'nodeUsage',
  method: 'POST',
  path: '/api/node/usage',
  tag: 'nodes',
  summary: 'A numbered batch of per-rental bytes and the rentals carrying traffic',
  description:
    "Each batch number of a node is applied once, in one transaction (rentals' totals, their hourly usage, their activity): `applied:false` says this number was applied before. Entries for rentals not on this node's proxies are ignored.",
  access: 'node',
  request: { body: NodeUsageBatchSchema },
  response: NodeUsageAnswerSchema,
  bodyLimit: 4 * 1024 * 1024,
});

export const nodeProbeResultEndpoint = defineEndpoint({
  operationId: 'nodeProbeResult',
  method: 'POST',
  path: '/api/node/probes/:id',
  tag: 'nodes',
  summary: 'The result of a check the API asked this node to run',
  access: 'node',
  request: { params: ProbeResultParamsSchema, body: ProbeResultSchema },
  response: ProbeResultAnswerSchema,
  errors: ['PROBE_NOT_FOUND'],
  bodyLimit: 256 * 1024,
});
