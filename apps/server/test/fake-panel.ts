import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { NodeAccess, NodeSettings, NodeSource, NodeStreamMessage, NodeUsageBatch } from '@portal/contract';

/**
 * A stand-in for the shop's API as a node sees it, speaking the documented node channel
 * (packages/contract/src/nodes/channel.ts): a stream that starts with a snapshot, reports, usage
 * batches applied once by number, and probe results. `down` answers 503 to everything (the shop
 * unreachable); `streamDown` only to the stream (a balancer that breaks long answers); `revoked` answers 401.
 */
export interface FakePanel {
  url: string;
  token: string;
  rentals: Map<string, NodeAccess>;
  settings: NodeSettings;
  /** The rentals' address lists the snapshot carries. */
  sources: NodeSource[];
  /** Usage batches applied, by number (a number sent again is not applied again). */
  batches: Map<number, NodeUsageBatch>;
  /** Requests that were answered 200 for a batch already applied. */
  repeats: number;
  reports: unknown[];
  probeResults: Map<string, unknown>;
  /** Authorization headers seen (tests check the token is sent, and only as a Bearer token). */
  streams: number;
  down: boolean;
  streamDown: boolean;
  revoked: boolean;
  /** Writes a change to every open stream. */
  send(message: NodeStreamMessage): void;
  /** Ends every open stream (the API restarted or the network dropped). */
  drop(): void;
  close(): Promise<void>;
}

export async function startFakePanel(options: {
  token: string;
  tls?: { cert: string; key: string };
}): Promise<FakePanel> {
  const open = new Set<http.ServerResponse>();
  const panel: FakePanel = {
    url: '',
    token: options.token,
    rentals: new Map(),
    settings: { rentalMaxConnections: 0, rentalMaxSourceIps: 0, sourceWindowMs: 86_400_000 },
    sources: [],
    batches: new Map(),
    repeats: 0,
    reports: [],
    probeResults: new Map(),
    streams: 0,
    down: false,
    streamDown: false,
    revoked: false,
    send: (message) => {
      for (const response of open) response.write(`${JSON.stringify(message)}\n`);
    },
    drop: () => {
      for (const response of open) response.destroy();
      open.clear();
    },
    close: async () => {
      panel.drop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const answer = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const handler = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (panel.down) return answer(response, 503, { success: false, message: 'down' });
      if (panel.revoked || request.headers.authorization !== `Bearer ${panel.token}`) {
        return answer(response, 401, { success: false, message: 'This node token is not valid.' });
      }
      const body = chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString()) as unknown) : null;
      const url = request.url ?? '';
      if (request.method === 'GET' && url === '/api/node/stream') {
        if (panel.streamDown) return answer(response, 503, { success: false, message: 'down' });
        panel.streams += 1;
        response.writeHead(200, { 'content-type': 'application/x-ndjson' });
        const snapshot: NodeStreamMessage = {
          type: 'snapshot',
          serverTime: new Date().toISOString(),
          rentals: [...panel.rentals.values()],
          ipAuth: [],
          settings: panel.settings,
          sources: panel.sources,
        };
        response.write(`${JSON.stringify(snapshot)}\n`);
        open.add(response);
        response.on('close', () => open.delete(response));
        return;
      }
      if (url === '/api/node/report') {
        panel.reports.push(body);
        return answer(response, 200, {
          success: true,
          node: { id: 1, name: 'test', host: '127.0.0.1' },
          serverTime: new Date().toISOString(),
        });
      }
      if (url === '/api/node/usage') {
        const batch = body as NodeUsageBatch;
        const applied = !panel.batches.has(batch.batch);
        if (applied) panel.batches.set(batch.batch, batch);
        else panel.repeats += 1;
        return answer(response, 200, { success: true, applied });
      }
      const probe = /^\/api\/node\/probes\/([0-9a-f-]+)$/.exec(url);
      if (probe?.[1]) {
        panel.probeResults.set(probe[1], body);
        return answer(response, 200, { success: true });
      }
      answer(response, 404, { success: false, message: 'not found' });
    });
  };
  const server = options.tls ? https.createServer(options.tls, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  panel.url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  return panel;
}

/** The bytes of all applied batches for a rental. */
export function appliedBytes(panel: FakePanel, rentalId: number): { up: number; down: number } {
  const total = { up: 0, down: 0 };
  for (const batch of panel.batches.values()) {
    for (const entry of batch.entries) {
      if (entry.rentalId !== rentalId) continue;
      total.up += entry.up;
      total.down += entry.down;
    }
  }
  return total;
}
