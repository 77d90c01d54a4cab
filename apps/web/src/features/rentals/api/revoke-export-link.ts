import { API_PATHS, ExportLinkRevokeResponseSchema } from '@portal/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function revokeExportLink(id: number) {
  return apiRequest(API_PATHS.proxyExportLink(id), {
    method: 'DELETE',
    schema: ExportLinkRevokeResponseSchema,
    access: 'customer',
  });
}

type MutationConfig = Omit<
  UseMutationOptions<Awaited<ReturnType<typeof revokeExportLink>>, Error, number>,
  'mutationFn'
>;

export function useRevokeExportLink({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: revokeExportLink });
}
