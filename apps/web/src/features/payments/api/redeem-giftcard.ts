import { API_PATHS, GiftcardResponseSchema } from '@portal/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function redeemGiftcard(giftcard: string) {
  return apiRequest(API_PATHS.giftcard, {
    method: 'POST',
    body: { giftcard },
    schema: GiftcardResponseSchema,
    access: 'customer',
  });
}

type MutationConfig = Omit<UseMutationOptions<Awaited<ReturnType<typeof redeemGiftcard>>, Error, string>, 'mutationFn'>;

export function useRedeemGiftcard({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: redeemGiftcard });
}
