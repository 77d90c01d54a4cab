import { defineEndpoint } from '../api/endpoint';
import { MONEY_ROLES } from '../admin/roles';
import {
  GiftcardCreateRequestSchema,
  GiftcardCreateResponseSchema,
  GiftcardIdParamsSchema,
  GiftcardListResponseSchema,
  GiftcardRevealResponseSchema,
} from './schemas';

export const createGiftcardsEndpoint = defineEndpoint({
  operationId: 'createGiftcards',
  method: 'POST',
  path: '/api/admin/giftcards',
  tag: 'admin',
  summary: 'Create gift card codes',
  description:
    '`count` codes (XXXX-XXXX-XXXX-XXXX, 80 random bits) worth `amount` dollars each. This answer is the only one with the codes in full.',
  access: 'admin',
  roles: MONEY_ROLES,
  request: { body: GiftcardCreateRequestSchema },
  response: GiftcardCreateResponseSchema,
});

export const listGiftcardsEndpoint = defineEndpoint({
  operationId: 'listGiftcards',
  method: 'GET',
  path: '/api/admin/giftcards',
  tag: 'admin',
  summary: 'Gift cards, used and unused',
  description: 'Codes masked to their last four characters, for every role.',
  access: 'admin',
  roles: ['manager', 'finance'],
  response: GiftcardListResponseSchema,
});

export const revealGiftcardEndpoint = defineEndpoint({
  operationId: 'revealGiftcard',
  method: 'POST',
  path: '/api/admin/giftcards/:id/reveal',
  tag: 'admin',
  summary: 'Show a gift card code in full again',
  description: 'A money role only; each reveal is in the audit log.',
  access: 'admin',
  roles: MONEY_ROLES,
  request: { params: GiftcardIdParamsSchema },
  response: GiftcardRevealResponseSchema,
  errors: ['GIFTCARD_NOT_FOUND'],
});
