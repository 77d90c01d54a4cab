import { systemClock, type Clock } from '../clock';
import type { Database } from '../db/client';
import { dial } from '../gateway/dialer';
import { ALLOW_ALL_TARGETS } from '../gateway/target-policy';
import { fetchThroughNode, NODE_REVOKED, NodeOfflineError } from '../nodes/node-probes';
import { credentialsNode } from './rentals-repository';

export interface ProvisionTarget {
  rentalId: number;
  username: string;
  upstream: string;
}

export interface CheckResult {
  ok: boolean;
  reason?: string;
  /**
   * The check could not be made at all, so it says nothing of the proxy and nothing may be
   * recorded or decided from it: the node serving the proxy is offline, or the check target does
   * not answer the shop itself either (its outage, or a flood of the API when it is the target,
   * would otherwise fail every proxy at once into refunds and replacements).
   */
  unrun?: UnrunCause;
}

export type UnrunCause = 'node_offline' | 'check_target_down';

/** What a customer's refund or replacement answers when its live check could not run. */
export const UNRUN_ERROR = { node_offline: 'NODE_OFFLINE', check_target_down: 'CHECKS_UNAVAILABLE' } as const;

/** Decides whether a rental's access works (waiting_up -> connected, health checks, refunds). */
export interface Provisioner {
  check(target: ProvisionTarget): Promise<CheckResult>;
}

/**
 * A rental works when the gateway has its credentials and a real HTTP request to the check
 * target (by default the portal's own /healthz) goes through its upstream, exactly the path a
 * customer's traffic takes after the gateway. A rental on a node's proxy is checked by that node,
 * from where its traffic goes. A failed check counts only when the target answers the same request
 * sent from the same place without the upstream.
 */
export function createGatewayProvisioner(
  db: Database,
  checkUrl: string,
  timeoutMs = 5000,
  clock: Clock = systemClock,
): Provisioner {
  const url = new URL(checkUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 80);
  const request = `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`;
  const checkOnNode = async (nodeId: number, upstream: string): Promise<CheckResult> => {
    try {
      const result = await fetchThroughNode({ db, clock }, nodeId, { upstream, url: checkUrl, timeoutMs });
      return result.ok ? { ok: true } : { ok: false, reason: result.message };
    } catch (error) {
      if (error instanceof NodeOfflineError) return { ok: false, reason: error.message, unrun: 'node_offline' };
      throw error;
    }
  };
  const fetchThrough = async (upstream: string): Promise<CheckResult> => {
    try {
      // Not the customers' policy: the check target is the operator's choice, often on loopback.
      const socket = await dial(upstream, host, port, ALLOW_ALL_TARGETS, { timeoutMs });
      return await new Promise<CheckResult>((resolve) => {
        const done = (result: CheckResult) => {
          socket.destroy();
          resolve(result);
        };
        socket.setTimeout(timeoutMs, () => done({ ok: false, reason: 'the check target did not answer' }));
        socket.once('data', (chunk: Buffer) =>
          done(chunk.toString('latin1').startsWith('HTTP/1.') ? { ok: true } : { ok: false, reason: 'not HTTP' }),
        );
        socket.once('error', (error) => done({ ok: false, reason: error.message }));
        socket.once('end', () => done({ ok: false, reason: 'closed without an answer' }));
        socket.write(request);
      });
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
  };
  // The same request without any upstream, from where the failed one went: here, or the node that
  // serves the proxy. Failed checks that overlap in time (a round checks a batch of rentals at once)
  // share one per place, so a dead target is asked once a round, not once per rental.
  const controls = new Map<number | null, Promise<CheckResult>>();
  const controlCheck = (nodeId: number | null) => {
    let control = controls.get(nodeId);
    if (!control) {
      control = (nodeId === null ? fetchThrough('direct') : checkOnNode(nodeId, 'direct')).finally(() => {
        controls.delete(nodeId);
      });
      controls.set(nodeId, control);
    }
    return control;
  };
  return {
    async check(target) {
      const row = await credentialsNode(db, target.rentalId, target.username);
      if (!row) return { ok: false, reason: 'the gateway has no credentials for this rental' };
      // Nothing serves the proxy any more, so it does not work: recorded as any failure is, so the
      // customer may replace it (and the job does) or have the refund the terms allow.
      if (row.nodeRevoked) return { ok: false, reason: NODE_REVOKED };
      const result =
        row.nodeId === null ? await fetchThrough(target.upstream) : await checkOnNode(row.nodeId, target.upstream);
      if (result.ok || result.unrun) return result;
      const direct = await controlCheck(row.nodeId);
      if (direct.ok) return result;
      // A node that went offline between the two requests: its check did not run either.
      if (direct.unrun) return direct;
      return {
        ok: false,
        reason: `the check target does not answer ${row.nodeId === null ? 'the shop' : 'the node'} either: ${direct.reason}`,
        unrun: 'check_target_down',
      };
    },
  };
}
