import { noteEndpoint } from '@portal/contract';
import { callEndpoint } from '../../../lib/api-client';
import { defineMutation } from '../../../lib/define-hooks';

interface NoteInput {
  proxyId: number;
  note: string;
}

export function saveNote({ proxyId, note }: NoteInput) {
  return callEndpoint(noteEndpoint, {
    body: { proxy_id: proxyId, note },
  });
}

export const useSaveNote = defineMutation(saveNote);
