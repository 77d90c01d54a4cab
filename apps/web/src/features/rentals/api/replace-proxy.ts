import { replaceCandidateEndpoint, replaceEndpoint, type ReplaceReason } from '@portal/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** The proxy a replacement would move the rental to now (the server may check the old one live first). */
export function getReplacementCandidate(proxyId: number) {
  return callEndpoint(replaceCandidateEndpoint, { query: { proxy_id: proxyId } });
}

export function replaceProxy({ proxyId, reason }: { proxyId: number; reason?: ReplaceReason | undefined }) {
  return callEndpoint(replaceEndpoint, { body: { proxy_id: proxyId, ...(reason ? { reason } : {}) } });
}

type CandidateConfig = Omit<
  UseMutationOptions<Awaited<ReturnType<typeof getReplacementCandidate>>, Error, number>,
  'mutationFn'
>;
type ReplaceConfig = Omit<
  UseMutationOptions<Awaited<ReturnType<typeof replaceProxy>>, Error, Parameters<typeof replaceProxy>[0]>,
  'mutationFn'
>;

/** Asked on the customer's click, never cached: the answer depends on the proxy's health now. */
export function useReplacementCandidate({ mutationConfig }: { mutationConfig?: CandidateConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: getReplacementCandidate });
}

export function useReplaceProxy({ mutationConfig }: { mutationConfig?: ReplaceConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: replaceProxy });
}
