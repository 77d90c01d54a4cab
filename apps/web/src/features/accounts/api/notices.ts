import {
  emailConfirmEndpoint,
  emailRemoveEndpoint,
  emailSetEndpoint,
  emailTopicsEndpoint,
  noticeSettingsEndpoint,
  telegramLinkEndpoint,
  telegramUnlinkEndpoint,
  type Language,
  type NoticeSettings,
  type NoticeTopic,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { accountKeys } from './keys';

export async function getNoticeSettings({ signal }: { signal?: AbortSignal } = {}): Promise<NoticeSettings> {
  return callEndpoint(noticeSettingsEndpoint, { signal });
}

export function getNoticeSettingsQueryOptions() {
  return queryOptions({ queryKey: accountKeys.notices(), queryFn: ({ signal }) => getNoticeSettings({ signal }) });
}

/** `pollMs`: look again that often (while a Telegram link is open, to show the chat once linked). */
export function useNoticeSettings({ pollMs }: { pollMs?: number } = {}) {
  return useQuery({ ...getNoticeSettingsQueryOptions(), refetchInterval: pollMs ?? false });
}

/** A mutation that refreshes the settings afterwards. */
function useSettingsMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.notices() }),
  });
}

export const useLinkTelegram = () =>
  useSettingsMutation(async (language: Language) => {
    const answer = await callEndpoint(telegramLinkEndpoint, { body: { language } });
    return answer.url;
  });

export const useUnlinkTelegram = () =>
  useSettingsMutation(async () => {
    await callEndpoint(telegramUnlinkEndpoint);
  });

export const useSetEmail = () =>
  useSettingsMutation(async (input: { email: string; language: Language }) => {
    await callEndpoint(emailSetEndpoint, { body: input });
  });

export const useConfirmEmail = () =>
  useSettingsMutation(async (token: string) => {
    await callEndpoint(emailConfirmEndpoint, { body: { token } });
  });

export const useSetEmailTopics = () =>
  useSettingsMutation(async (topics: NoticeTopic[]) => {
    await callEndpoint(emailTopicsEndpoint, { body: { topics } });
  });

export const useRemoveEmail = () =>
  useSettingsMutation(async () => {
    await callEndpoint(emailRemoveEndpoint);
  });
