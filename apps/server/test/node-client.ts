import http from 'node:http';
import {
  parseNodeStreamLine,
  type NodeReport,
  type NodeStreamMessage,
  type NodeUsageBatch,
  type Probe,
  type ProbeResult,
} from '@portal/contract';
import type { Database } from '../src/db/client';
import { fetchThrough, FetchThroughError } from '../src/discovery/fetch-through';
import { udpPasses } from '../src/discovery/udp-check';
import { nodes } from '../src/db/schema';
import { nodeTokenHash } from '../src/nodes/node-auth';

/** A node row with a fresh token, as the admin call would add it. */
export async function insertNode(db: Database, name: string, at: Date): Promise<{ id: number; token: string }> {
  const token = `node_${name}_${Math.random().toString(36).slice(2)}${Date.now()}`;
  const [row] = await db
    .insert(nodes)
    .values({ name, host: `${name}.example.net`, tokenHash: nodeTokenHash(token), createdAt: at })
    .returning({ id: nodes.id });
  return { id: row!.id, token };
}

/** What a node does with a probe: the server's own fetchThrough or udpPasses through the upstream. */
export async function runProbeAsNode(probe: Probe): Promise<ProbeResult> {
  if (probe.kind === 'udp') {
    return {
      passes: await udpPasses(probe.upstream, probe.target, { timeoutMs: probe.timeoutMs, bindHost: '127.0.0.1' }),
    };
  }
  try {
    const answer = await fetchThrough(probe.upstream, probe.url, probe.timeoutMs);
    return { ok: true, status: answer.status, body: answer.body, latencyMs: answer.latencyMs };
  } catch (error) {
    if (error instanceof FetchThroughError) return { ok: false, failure: error.kind, message: error.message };
    throw error;
  }
}

export interface NodeStreamReader {
  status: number;
  contentType: string | undefined;
  /** Every message read so far, in order. */
  messages: NodeStreamMessage[];
  /** Lines that were not messages of the protocol (none, if the API speaks it). */
  unreadable: string[];
  /** The first message from `from` on that `match` accepts; fails after `withinMs`. */
  next<T extends NodeStreamMessage>(match: (message: NodeStreamMessage) => message is T, withinMs?: number): Promise<T>;
  next(match: (message: NodeStreamMessage) => boolean, withinMs?: number): Promise<NodeStreamMessage>;
  /** Resolves when the API ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * A gateway node as the API meets it: HTTP calls with its Bearer token and a reader of the
 * NDJSON stream. It speaks the protocol from the contract, nothing of the server's internals.
 */
export class TestNode {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
  ) {}

  private async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  report(report: NodeReport) {
    return this.call('POST', '/api/node/report', report);
  }

  usage(batch: NodeUsageBatch) {
    return this.call('POST', '/api/node/usage', batch);
  }

  answer(id: string, result: ProbeResult) {
    return this.call('POST', `/api/node/probes/${id}`, result);
  }

  /** Opens the stream; `onProbe` (when given) answers each probe as a node would. */
  stream(onProbe?: (probe: Probe) => Promise<ProbeResult>): Promise<NodeStreamReader> {
    return new Promise((resolve, reject) => {
      const request = http.get(
        `${this.baseUrl}/api/node/stream`,
        // A connection of its own, as a node's stream has (never a pooled one the API may have closed).
        { headers: { authorization: `Bearer ${this.token}` }, agent: false },
        (response) => {
          const messages: NodeStreamMessage[] = [];
          const unreadable: string[] = [];
          const waiters = new Set<() => void>();
          let buffered = '';
          response.setEncoding('utf8');
          // The API ending the stream (a revoked node) is an outcome a test looks at, not an error.
          response.on('error', () => undefined);
          response.on('data', (chunk: string) => {
            buffered += chunk;
            let newline: number;
            while ((newline = buffered.indexOf('\n')) >= 0) {
              const line = buffered.slice(0, newline);
              buffered = buffered.slice(newline + 1);
              const message = parseNodeStreamLine(line);
              if (!message) {
                unreadable.push(line);
                continue;
              }
              messages.push(message);
              if (message.type === 'probe' && onProbe) {
                const { type: _type, ...probe } = message;
                void onProbe(probe).then((result) => this.answer(probe.id, result));
              }
            }
            for (const wake of waiters) wake();
          });
          const ended = new Promise<void>((done) => {
            response.on('close', () => done());
            response.on('end', () => done());
          });
          let from = 0;
          const next = (match: (message: NodeStreamMessage) => boolean, withinMs = 1000) =>
            new Promise<NodeStreamMessage>((found, fail) => {
              const look = () => {
                const index = messages.findIndex((message, i) => i >= from && match(message));
                if (index < 0) return false;
                from = index + 1;
                waiters.delete(look);
                clearTimeout(timer);
                found(messages[index]!);
                return true;
              };
              const timer = setTimeout(() => {
                waiters.delete(look);
                fail(new Error(`no such message within ${withinMs} ms; read: ${JSON.stringify(messages.slice(from))}`));
              }, withinMs);
              if (!look()) waiters.add(look);
            });
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'],
            messages,
            unreadable,
            next: next as NodeStreamReader['next'],
            ended,
            close: () => request.destroy(),
          });
        },
      );
      request.on('error', reject);
    });
  }
}
