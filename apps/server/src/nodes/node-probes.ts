import { randomUUID } from 'node:crypto';
import {
  FetchProbeResultSchema,
  HOUR_MS,
  NODE_SILENCE_MS,
  UdpProbeResultSchema,
  type FetchProbe,
  type FetchProbeResult,
  type Probe,
  type UdpProbe,
} from '@portal/contract';
import type { z } from 'zod';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { deleteProbe, deleteProbesBefore, insertProbe, liveNodeLastSeen, probeState } from './node-repository';

/** A check of a node's proxy that could not be run: the node is not in touch with the API. */
export class NodeOfflineError extends Error {
  constructor(message = 'the node is offline') {
    super(message);
    this.name = 'NodeOfflineError';
  }
}

/** Why a revoked node's proxy fails its checks. */
export const NODE_REVOKED = 'the gateway node serving this proxy was revoked';

/**
 * The node serving the proxy was revoked: it serves nothing any more, for good. Where that is not
 * decided first, it is one more way of being out of touch (a check under way when the node is
 * revoked is not run, and the next one knows).
 */
export class NodeRevokedError extends NodeOfflineError {
  constructor() {
    super(NODE_REVOKED);
    this.name = 'NodeRevokedError';
  }
}

export interface ProbeDeps {
  db: Database;
  clock: Clock;
}

/** A process holding the node's stream takes a probe within this; otherwise the node is offline. */
export const PROBE_DELIVERY_MS = 2_000;
/** Beyond the probe's own timeout: the node's answer still has to travel back. */
const ANSWER_MARGIN_MS = 3_000;
/** Rows of probes whose asker died are removed after this. */
const PROBE_ROW_TTL_MS = HOUR_MS;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Throws unless the node is live (not revoked) and was in touch recently (stream pings, reports). */
async function assertInTouch(deps: ProbeDeps, nodeId: number): Promise<void> {
  const seen = await liveNodeLastSeen(deps.db, nodeId);
  if (seen === undefined) throw new NodeRevokedError();
  if (seen === null || deps.clock.now().getTime() - seen.getTime() >= NODE_SILENCE_MS) throw new NodeOfflineError();
}

export type ProbeRequest = Omit<FetchProbe, 'id'> | Omit<UdpProbe, 'id'>;

/**
 * Asks the node to run `request` through the upstream and waits for its answer. The request goes
 * through the database, so the process holding the node's stream (this one or another) hands it
 * over; the answer, posted to any process, lands in the same row, which this one reads. Throws
 * NodeOfflineError at once when the node is not in touch (NodeRevokedError when it was revoked),
 * or when no process took the probe.
 * Answers the node's result read with `answer` (the schema of the probe's kind): undefined when
 * the node answered something else, null when no answer came in time.
 */
async function probeThroughNode<T>(
  deps: ProbeDeps,
  nodeId: number,
  request: ProbeRequest,
  answer: z.ZodType<T>,
  signal?: AbortSignal,
): Promise<T | null | undefined> {
  signal?.throwIfAborted();
  await assertInTouch(deps, nodeId);
  const id = randomUUID();
  const probe = { ...request, id } as Probe;
  const now = deps.clock.now();
  await deleteProbesBefore(deps.db, new Date(now.getTime() - PROBE_ROW_TTL_MS));
  await insertProbe(deps.db, id, nodeId, probe, now);
  const started = performance.now();
  const deadline = started + request.timeoutMs + ANSWER_MARGIN_MS;
  try {
    for (let wait = 10; ; wait = Math.min(200, Math.ceil(wait * 1.5))) {
      await sleep(wait);
      signal?.throwIfAborted();
      const row = await probeState(deps.db, id);
      if (row?.result !== null && row?.result !== undefined) {
        const parsed = answer.safeParse(row.result);
        return parsed.success ? parsed.data : undefined;
      }
      const elapsed = performance.now() - started;
      if (!row?.deliveredAt && elapsed >= PROBE_DELIVERY_MS) throw new NodeOfflineError();
      if (performance.now() >= deadline) return null;
    }
  } finally {
    await deleteProbe(deps.db, id).catch(() => undefined);
  }
}

/** A probe as its caller asks for it: the id and kind are this module's to set. */
type Asked<P extends Probe> = Omit<P, 'id' | 'kind'>;

/** GETs `url` through the upstream from the node; a node that never answered is a timeout. */
export async function fetchThroughNode(
  deps: ProbeDeps,
  nodeId: number,
  request: Asked<FetchProbe>,
  signal?: AbortSignal,
): Promise<FetchProbeResult> {
  const result = await probeThroughNode(deps, nodeId, { ...request, kind: 'fetch' }, FetchProbeResultSchema, signal);
  if (result === null) {
    return { ok: false, failure: 'timeout', message: `timeout: the node did not answer in ${request.timeoutMs} ms` };
  }
  return result ?? { ok: false, failure: 'unreadable', message: 'echo unreadable: the node answered something else' };
}

/** Whether UDP passes through the upstream, as seen from the node. */
export async function udpThroughNode(deps: ProbeDeps, nodeId: number, request: Asked<UdpProbe>, signal?: AbortSignal) {
  // No answer in time, or an unreadable one, is UDP that does not pass.
  const result = await probeThroughNode(deps, nodeId, { ...request, kind: 'udp' }, UdpProbeResultSchema, signal);
  return result?.passes ?? false;
}
