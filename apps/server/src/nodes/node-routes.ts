import { nodeProbeResultEndpoint, nodeReportEndpoint, nodeStreamEndpoint, nodeUsageEndpoint } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../errors';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { nodeOf, requireNode } from './node-auth';
import type { NodeChannel } from './node-channel';
import { answerProbe } from './node-repository';
import { applyUsageBatch, reportNode, type NodeServiceDeps } from './node-service';

export interface NodeRoutesOptions extends NodeServiceDeps {
  channel: NodeChannel;
}

/** The calls gateway nodes make: report, stream, usage and probe results. */
export const nodeRoutes: FastifyPluginAsyncZod<NodeRoutesOptions> = async (app, options) => {
  const { channel, ...deps } = options;
  app.decorateRequest('gatewayNode', null);
  const route = endpointRoutes(app, { node: requireNode(deps) });

  route(nodeReportEndpoint, async (request) => reportNode(deps, nodeOf(request), request.body));

  route(nodeStreamEndpoint, async (request, reply) => {
    const node = nodeOf(request);
    await channel.ready();
    // The stream outlives the handler: its lines are written to the socket as changes come.
    reply.hijack();
    await channel.open(node.id, reply.raw).catch((error: unknown) => {
      request.log.error({ err: String(error) }, 'node channel: a stream could not start');
      reply.raw.destroy();
    });
    return reply;
  });

  route(nodeUsageEndpoint, async (request) => {
    const { applied } = await applyUsageBatch(deps, nodeOf(request), request.body);
    return { success: true as const, applied };
  });

  route(nodeProbeResultEndpoint, async (request) => {
    const stored = await answerProbe(deps.db, nodeOf(request).id, request.params.id, request.body, deps.clock.now());
    if (!stored) throw new DomainError('PROBE_NOT_FOUND');
    return { success: true as const };
  });

  // Streams never end on their own: they are closed before the server waits for its connections.
  app.addHook('preClose', async () => {
    await channel.close();
  });
};
