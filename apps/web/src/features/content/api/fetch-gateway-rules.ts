import { gatewayRulesEndpoint, type GatewayRules } from '@portal/contract';
import { callEndpoint } from '../../../lib/api-client';

export async function getGatewayRules({ signal }: { signal?: AbortSignal } = {}): Promise<GatewayRules> {
  const { success: _success, ...rules } = await callEndpoint(gatewayRulesEndpoint, { signal });
  return rules;
}
