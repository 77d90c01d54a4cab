import { exportLinkRevokeEndpoint } from '@portal/contract';
import { callEndpoint } from '../../../lib/api-client';
import { defineMutation } from '../../../lib/define-hooks';

export function revokeExportLink(id: number) {
  return callEndpoint(exportLinkRevokeEndpoint, { params: { id } });
}

export const useRevokeExportLink = defineMutation(revokeExportLink);
