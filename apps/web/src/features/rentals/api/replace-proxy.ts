import { replaceCandidateEndpoint, replaceEndpoint, type ReplaceReason } from '@portal/contract';
import { callEndpoint } from '../../../lib/api-client';
import { defineMutation } from '../../../lib/define-hooks';

/** The proxy a replacement would move the rental to now (the server may check the old one live first). */
export function getReplacementCandidate(proxyId: number) {
  return callEndpoint(replaceCandidateEndpoint, { query: { proxy_id: proxyId } });
}

export function replaceProxy({ proxyId, reason }: { proxyId: number; reason?: ReplaceReason | undefined }) {
  return callEndpoint(replaceEndpoint, { body: { proxy_id: proxyId, ...(reason ? { reason } : {}) } });
}

/** Asked on the customer's click, never cached: the answer depends on the proxy's health now. */
export const useReplacementCandidate = defineMutation(getReplacementCandidate);

export const useReplaceProxy = defineMutation(replaceProxy);
