import { noteEndpoint } from '@portal/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

interface NoteInput {
  proxyId: number;
  note: string;
}

export function saveNote({ proxyId, note }: NoteInput) {
  return callEndpoint(noteEndpoint, {
    body: { proxy_id: proxyId, note },
  });
}

type MutationConfig = Omit<UseMutationOptions<Awaited<ReturnType<typeof saveNote>>, Error, NoteInput>, 'mutationFn'>;

export function useSaveNote({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: saveNote });
}
