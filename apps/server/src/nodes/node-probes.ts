import { randomUUID } from 'node:crypto';
import {
  FetchProbeResultSchema,
  NODE_SILENCE_MS,
  UdpProbeResultSchema,
  type FetchProbe,
  type FetchProbeResult,
  type Probe,
  type ProbeResult,
  type UdpProbe,
} from '@portal/contract';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/client';
import { nodeProbes, nodes } from '../db/schema';

/** A check of a node's proxy that could not be run: the node is not in touch with the API. */
export class NodeOfflineError extends Error {
  constructor() {
    super('the node is offline');
    this.name = 'NodeOfflineError';
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
const PROBE_ROW_TTL_MS = 3_600_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the node is live and was in touch recently (its stream pings, its reports). */
async function nodeInTouch(deps: ProbeDeps, nodeId: number): Promise<boolean> {
  const [row] = await deps.db
    .select({ lastSeenAt: nodes.lastSeenAt })
    .from(nodes)
    .where(and(eq(nodes.id, nodeId), isNull(nodes.revokedAt)));
  const seen = row?.lastSeenAt?.getTime();
  return seen !== undefined && deps.clock.now().getTime() - seen < NODE_SILENCE_MS;
}

export type ProbeRequest = Omit<FetchProbe, 'id'> | Omit<UdpProbe, 'id'>;

/**
 * Asks the node to run `request` through the upstream and waits for its answer. The request goes
 * through the database, so the process holding the node's stream (this one or another) hands it
 * over; the answer, posted to any process, lands in the same row, which this one reads. Throws
 * NodeOfflineError at once when the node is not in touch, or when no process took the probe.
 * Answers the node's result as it came (checked by the caller against the probe's kind), or null
 * when none came in time.
 */
export async function probeThroughNode(
  deps: ProbeDeps,
  nodeId: number,
  request: ProbeRequest,
  signal?: AbortSignal,
): Promise<unknown> {
  signal?.throwIfAborted();
  if (!(await nodeInTouch(deps, nodeId))) throw new NodeOfflineError();
  const id = randomUUID();
  const probe = { ...request, id } as Probe;
  const now = deps.clock.now();
  await deps.db.delete(nodeProbes).where(lt(nodeProbes.createdAt, new Date(now.getTime() - PROBE_ROW_TTL_MS)));
  await deps.db.insert(nodeProbes).values({ id, nodeId, request: probe, createdAt: now });
  const started = performance.now();
  const deadline = started + request.timeoutMs + ANSWER_MARGIN_MS;
  try {
    for (let wait = 10; ; wait = Math.min(200, Math.ceil(wait * 1.5))) {
      await sleep(wait);
      signal?.throwIfAborted();
      const [row] = await deps.db
        .select({ result: nodeProbes.result, deliveredAt: nodeProbes.deliveredAt })
        .from(nodeProbes)
        .where(eq(nodeProbes.id, id));
      if (row?.result !== null && row?.result !== undefined) return row.result;
      const elapsed = performance.now() - started;
      if (!row?.deliveredAt && elapsed >= PROBE_DELIVERY_MS) throw new NodeOfflineError();
      if (performance.now() >= deadline) return null;
    }
  } finally {
    await deps.db
      .delete(nodeProbes)
      .where(eq(nodeProbes.id, id))
      .catch(() => undefined);
  }
}

/** GETs `url` through the upstream from the node; a node that never answered is a timeout. */
export async function fetchThroughNode(
  deps: ProbeDeps,
  nodeId: number,
  request: Omit<FetchProbe, 'id' | 'kind'>,
  signal?: AbortSignal,
): Promise<FetchProbeResult> {
  const answer = await probeThroughNode(deps, nodeId, { ...request, kind: 'fetch' }, signal);
  if (answer === null) {
    return { ok: false, failure: 'timeout', message: `timeout: the node did not answer in ${request.timeoutMs} ms` };
  }
  const parsed = FetchProbeResultSchema.safeParse(answer);
  return parsed.success
    ? parsed.data
    : { ok: false, failure: 'unreadable', message: 'echo unreadable: the node answered something else' };
}

/** Whether UDP passes through the upstream, as seen from the node. */
export async function udpThroughNode(
  deps: ProbeDeps,
  nodeId: number,
  request: Omit<UdpProbe, 'id' | 'kind'>,
  signal?: AbortSignal,
): Promise<boolean> {
  const answer = await probeThroughNode(deps, nodeId, { ...request, kind: 'udp' }, signal);
  const parsed = UdpProbeResultSchema.safeParse(answer);
  return parsed.success && parsed.data.passes;
}

/**
 * The probe `id` of this node, if no process has handed it over yet: marks it delivered and
 * answers it. Several processes (or streams) may hear of one probe; only one gets it.
 */
export async function claimProbe(db: Queryable, nodeId: number, id: string, at: Date): Promise<Probe | null> {
  const [row] = await db
    .update(nodeProbes)
    .set({ deliveredAt: at })
    .where(and(eq(nodeProbes.id, id), eq(nodeProbes.nodeId, nodeId), isNull(nodeProbes.deliveredAt)))
    .returning({ request: nodeProbes.request });
  return row ? (row.request as Probe) : null;
}

/** Stores the node's answer to its own probe; false when there is no such probe waiting. */
export async function answerProbe(
  db: Queryable,
  nodeId: number,
  id: string,
  result: ProbeResult,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(nodeProbes)
    .set({ result, answeredAt: at })
    .where(and(eq(nodeProbes.id, id), eq(nodeProbes.nodeId, nodeId), isNull(nodeProbes.result)))
    .returning({ id: nodeProbes.id });
  return rows.length > 0;
}
