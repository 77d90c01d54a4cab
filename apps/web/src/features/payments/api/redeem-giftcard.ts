import { giftcardEndpoint } from '@portal/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

export function redeemGiftcard(giftcard: string) {
  return callEndpoint(giftcardEndpoint, {
    body: { giftcard },
  });
}

type MutationConfig = Omit<UseMutationOptions<Awaited<ReturnType<typeof redeemGiftcard>>, Error, string>, 'mutationFn'>;

export function useRedeemGiftcard({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: redeemGiftcard });
}
