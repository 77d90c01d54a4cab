import { createGiftcardsEndpoint, type GiftcardCreateRequest } from '@portal/contract';
import { callAdminEndpoint } from '../../api/admin-request';
import { defineConsoleChange } from './console-change';

export type CreateGiftcardsInput = GiftcardCreateRequest;

export async function createGiftcards(input: CreateGiftcardsInput): Promise<string[]> {
  const answer = await callAdminEndpoint(createGiftcardsEndpoint, { body: input });
  return answer.codes;
}

// The new cards show in the list and the audit log.
export const useCreateGiftcards = defineConsoleChange(createGiftcards);
