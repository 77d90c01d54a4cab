import type { ProxyCheckRequestSchema, ProxyCheckResult } from '@portal/contract';
import type { z } from 'zod';
import { recordAudit, type AuditActor } from '../audit/audit-service';
import { checkNow, type DiscoveryDeps } from './discovery-service';

/**
 * The operator's Check now, from the console and the command line alike. It changes states through
 * the upstreams over seconds, so its audit row records that a check was asked for, after it ran.
 */
export async function checkProxiesBy(
  deps: DiscoveryDeps,
  actor: AuditActor,
  input: z.output<typeof ProxyCheckRequestSchema>,
): Promise<ProxyCheckResult[]> {
  const results = await checkNow(deps, input.ids);
  await recordAudit(deps.db, {
    actor,
    action: 'proxies.check',
    details: { ids: input.ids ?? 'all', checked: results.length },
    at: deps.clock.now(),
  });
  return results;
}
