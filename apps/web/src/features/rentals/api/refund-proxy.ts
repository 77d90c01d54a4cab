import { refundEndpoint } from '@portal/contract';
import { callEndpoint } from '../../../lib/api-client';
import { defineMutation } from '../../../lib/define-hooks';

export function refundProxy(proxyId: number) {
  return callEndpoint(refundEndpoint, {
    body: { proxy_id: proxyId },
  });
}

export const useRefundProxy = defineMutation(refundProxy);
