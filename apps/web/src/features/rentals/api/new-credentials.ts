import { credentialsEndpoint } from '@portal/contract';
import { callEndpoint } from '../../../lib/api-client';
import { defineMutation } from '../../../lib/define-hooks';

export function newCredentials(proxyId: number) {
  return callEndpoint(credentialsEndpoint, {
    body: { proxy_id: proxyId },
  });
}

export const useNewCredentials = defineMutation(newCredentials);
