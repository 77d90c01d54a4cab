import { API_PATHS, NoteResponseSchema } from '@portal/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

interface NoteInput {
  proxyId: number;
  note: string;
}

export function saveNote({ proxyId, note }: NoteInput) {
  return apiRequest(API_PATHS.proxyNote, {
    method: 'POST',
    body: { proxy_id: proxyId, note },
    schema: NoteResponseSchema,
    access: 'customer',
  });
}

type MutationConfig = Omit<UseMutationOptions<Awaited<ReturnType<typeof saveNote>>, Error, NoteInput>, 'mutationFn'>;

export function useSaveNote({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: saveNote });
}
