import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readiness } from '../health/readiness';
import { METRICS_CONTENT_TYPE, metricsText, SCRAPE_REFUSED, scrapeAllowed } from './metrics';
import { listenOn } from '../lib/listen-on';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The HTTP side of a gateway process of its own (`npm run gateway`): `/metrics` (same token rule
 * as the API's), and `/readyz` and `/healthz` for the orchestrator. The gateway itself speaks
 * only proxy protocols, so these live on a port of their own (GATEWAY_METRICS_PORT).
 */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  token: string | undefined;
  /** False (METRICS_ENABLED=false): only the probes are served. */
  metrics: boolean;
  readiness: Readiness;
}): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    const url = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'text/plain', 'Method not allowed\n');
    if (url === '/healthz') return send(200, 'application/json', '{"status":"ok"}');
    if (url === '/readyz') {
      const state = options.readiness.state;
      return send(state === 'ready' ? 200 : 503, 'application/json', JSON.stringify({ status: state }));
    }
    if (url === '/metrics' && options.metrics) {
      if (!scrapeAllowed(options.token, request.headers.authorization)) {
        response.setHeader('www-authenticate', 'Bearer');
        return send(401, 'text/plain; charset=utf-8', SCRAPE_REFUSED);
      }
      metricsText().then(
        (text) => send(200, METRICS_CONTENT_TYPE, text),
        () => send(500, 'text/plain', 'Metrics failed\n'),
      );
      return;
    }
    send(404, 'text/plain', 'Not found\n');
  });
  // Scrapes are short; a client that holds a connection open must not keep the process from exiting.
  server.keepAliveTimeout = 5_000;
  await listenOn(server, options.port, options.host);
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
