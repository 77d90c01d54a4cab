import { listGiftcardsEndpoint } from '@portal/contract';
import { readAnswerField } from '../../../../lib/api-client';
import { defineQuery } from '../../../../lib/define-hooks';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

const giftcards = defineQuery(
  consoleKeys.giftcards,
  readAnswerField(callAdminEndpoint, listGiftcardsEndpoint, 'giftcards'),
);

export const getGiftcardsQueryOptions = giftcards.options;
export const useGiftcards = giftcards.use;
