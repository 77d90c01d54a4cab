import { clearSourcesEndpoint } from '@portal/contract';
import { callEndpoint } from '../../../lib/api-client';
import { defineMutation } from '../../../lib/define-hooks';
import { rentalKeys } from './keys';

export function clearSources(proxyId: number) {
  return callEndpoint(clearSourcesEndpoint, { body: { proxy_id: proxyId } });
}

export const useClearSources = defineMutation(clearSources, { refreshes: (proxyId) => rentalKeys.sources(proxyId) });
