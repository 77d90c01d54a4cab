import { type ExportChoiceInput, exportLinkCreateEndpoint } from '@portal/contract';
import { callEndpoint } from '../../../lib/api-client';
import { defineMutation } from '../../../lib/define-hooks';

export function createExportLink(choice: ExportChoiceInput) {
  return callEndpoint(exportLinkCreateEndpoint, {
    body: choice,
  });
}

export const useCreateExportLink = defineMutation(createExportLink);
