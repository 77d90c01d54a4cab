import { giftcardEndpoint } from '@portal/contract';
import { callEndpoint } from '../../../lib/api-client';
import { defineMutation } from '../../../lib/define-hooks';

export function redeemGiftcard(giftcard: string) {
  return callEndpoint(giftcardEndpoint, {
    body: { giftcard },
  });
}

export const useRedeemGiftcard = defineMutation(redeemGiftcard);
