import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { httpRequestDuration, METRICS_CONTENT_TYPE, metricsText, SCRAPE_REFUSED, scrapeAllowed } from './metrics';

/** Times every request by its route pattern (never the raw URL: ids would make endless series). */
export function installRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** `GET /metrics` in Prometheus text; with a token, only for `Authorization: Bearer <token>`. */
export function installMetricsRoute(
  app: FastifyInstance,
  options: { token: string | undefined; shop: Registry },
): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!scrapeAllowed(options.token, request.headers.authorization)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .type('text/plain; charset=utf-8')
        .send(SCRAPE_REFUSED);
    }
    return reply.type(METRICS_CONTENT_TYPE).send(await metricsText([options.shop]));
  });
}
