import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { fetchThroughNode, NodeOfflineError, udpThroughNode } from '../nodes/node-probes';
import { FAILURE, fetchThrough, FetchThroughError, type FetchedThrough } from './fetch-through';
import { probedScheme, probedSchemeThrough } from './protocol-probe';
import { udpPasses } from './udp-check';

/** Where a proxy's upstream is reached from: this process, or the gateway node serving it. */
export interface UpstreamPath {
  upstream: string;
  /** The node of the proxy; null: the shop's own gateway, so the look goes from here. */
  nodeId: number | null;
}

interface Deps {
  db: Database;
  clock: Clock;
}

/**
 * `fetchThrough` from where the proxy is served: a node's proxy is looked at by its node, whose
 * view of the upstream is the customer's. A node that is not in touch throws NodeOfflineError.
 */
export async function fetchVia(
  deps: Deps,
  path: UpstreamPath,
  url: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<FetchedThrough> {
  if (path.nodeId === null) return fetchThrough(path.upstream, url, timeoutMs, signal);
  const result = await fetchThroughNode(deps, path.nodeId, { upstream: path.upstream, url, timeoutMs }, signal);
  if (result.ok) return { status: result.status, body: result.body, latencyMs: result.latencyMs };
  // The node's message already reads "<reason>: <detail>", as this process's own would.
  const prefix = `${FAILURE[result.failure]}: `;
  throw new FetchThroughError(
    result.failure,
    result.message.startsWith(prefix) ? result.message.slice(prefix.length) : result.message,
  );
}

const controlsInFlight = new Map<string, Promise<string | null>>();

/**
 * Why `url` does not answer from where the proxy is served without any upstream, or null when it
 * does: a re-check failed through an upstream counts only when the target answers the same request
 * without it. Failed re-checks that overlap in time (a round runs many at once) share one request
 * per place and URL, so a dead target is asked once, not once per proxy. A node out of touch
 * throws NodeOfflineError, as the re-check itself would.
 */
export function targetSilentFrom(
  deps: Deps,
  nodeId: number | null,
  url: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<string | null> {
  const key = `${nodeId ?? 'here'} ${url}`;
  let control = controlsInFlight.get(key);
  if (!control) {
    control = fetchVia(deps, { upstream: 'direct', nodeId }, url, timeoutMs, signal)
      .then(
        () => null,
        (error: unknown) => {
          if (error instanceof NodeOfflineError) throw error;
          return error instanceof Error ? error.message : String(error);
        },
      )
      .finally(() => controlsInFlight.delete(key));
    controlsInFlight.set(key, control);
  }
  return control;
}

/** `udpPasses` from where the proxy is served (see {@link fetchVia}). */
export async function udpVia(
  deps: Deps,
  path: UpstreamPath,
  target: { host: string; port: number },
  options: { timeoutMs: number; bindHost: string; signal?: AbortSignal | undefined },
): Promise<boolean> {
  if (path.nodeId === null) return udpPasses(path.upstream, target, options);
  return udpThroughNode(
    deps,
    path.nodeId,
    { upstream: path.upstream, target, timeoutMs: options.timeoutMs },
    options.signal,
  );
}

/**
 * What an upstream imported without a scheme speaks, asked from where the proxy is served: this
 * process asks the upstream directly; a node's proxy is asked through its node (`url` fetched as
 * SOCKS5, then as HTTP).
 */
export function probedSchemeVia(
  deps: Deps,
  path: UpstreamPath,
  url: string,
  timeoutMs: number,
  signal?: AbortSignal,
): ReturnType<typeof probedScheme> {
  if (path.nodeId === null) return probedScheme(path.upstream, timeoutMs);
  const nodeId = path.nodeId;
  return probedSchemeThrough(
    path.upstream,
    (candidate) => fetchVia(deps, { upstream: candidate, nodeId }, url, timeoutMs, signal),
    (error) => error instanceof NodeOfflineError,
  );
}
