import { type ExportChoiceInput, exportLinkCreateEndpoint } from '@portal/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

export function createExportLink(choice: ExportChoiceInput) {
  return callEndpoint(exportLinkCreateEndpoint, {
    body: choice,
  });
}

type MutationConfig = Omit<
  UseMutationOptions<Awaited<ReturnType<typeof createExportLink>>, Error, ExportChoiceInput>,
  'mutationFn'
>;

export function useCreateExportLink({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: createExportLink });
}
