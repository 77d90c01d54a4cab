import { NODE_PROBE_BODY_MAX, type FetchProbeResult, type Probe, type ProbeResult } from '@portal/contract';
import { fetchThrough, FetchThroughError } from '../../discovery/fetch-through';
import { udpPasses } from '../../discovery/udp-check';

/**
 * Runs a check the API asked for through one of this node's upstreams, with the server's own
 * code: the node's view of the upstream is the one its customers have.
 */
export async function runProbe(probe: Probe, bindHost: string): Promise<ProbeResult> {
  if (probe.kind === 'udp') {
    return { passes: await udpPasses(probe.upstream, probe.target, { timeoutMs: probe.timeoutMs, bindHost }) };
  }
  try {
    const fetched = await fetchThrough(probe.upstream, probe.url, probe.timeoutMs);
    return {
      ok: true,
      status: fetched.status,
      body: fetched.body.slice(0, NODE_PROBE_BODY_MAX),
      latencyMs: fetched.latencyMs,
    } satisfies FetchProbeResult;
  } catch (error) {
    const failure = error instanceof FetchThroughError ? error.kind : 'connect';
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    return { ok: false, failure, message };
  }
}
