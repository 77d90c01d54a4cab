import {
  operatorTelegramEndpoint,
  operatorTelegramLinkEndpoint,
  operatorTelegramUnlinkEndpoint,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

const telegramKey = () => [...consoleKeys.all, 'telegram'] as const;

/** The signed-in operator's chat; looked at again every 3 s while a deep link is open. */
export function useOperatorTelegram({ polling }: { polling: boolean }) {
  return useQuery({
    queryKey: telegramKey(),
    queryFn: ({ signal }) => callAdminEndpoint(operatorTelegramEndpoint, { signal }),
    refetchInterval: polling ? 3_000 : false,
  });
}

function useTelegramMutation<O>(mutationFn: () => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: telegramKey() }) });
}

export const useLinkOperatorTelegram = () =>
  useTelegramMutation(async () => (await callAdminEndpoint(operatorTelegramLinkEndpoint)).url);

export const useUnlinkOperatorTelegram = () =>
  useTelegramMutation(() => callAdminEndpoint(operatorTelegramUnlinkEndpoint));
