import { exportLinkRevokeEndpoint } from '@portal/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

export function revokeExportLink(id: number) {
  return callEndpoint(exportLinkRevokeEndpoint, { params: { id } });
}

type MutationConfig = Omit<
  UseMutationOptions<Awaited<ReturnType<typeof revokeExportLink>>, Error, number>,
  'mutationFn'
>;

export function useRevokeExportLink({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: revokeExportLink });
}
