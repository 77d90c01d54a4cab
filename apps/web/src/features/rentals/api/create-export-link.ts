import { API_PATHS, ExportLinkCreateResponseSchema, type ExportChoiceInput } from '@portal/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function createExportLink(choice: ExportChoiceInput) {
  return apiRequest(API_PATHS.proxyExportLinks, {
    method: 'POST',
    body: choice,
    schema: ExportLinkCreateResponseSchema,
    access: 'customer',
  });
}

type MutationConfig = Omit<
  UseMutationOptions<Awaited<ReturnType<typeof createExportLink>>, Error, ExportChoiceInput>,
  'mutationFn'
>;

export function useCreateExportLink({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: createExportLink });
}
