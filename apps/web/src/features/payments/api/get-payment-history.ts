import { paymentHistoryEndpoint } from '@portal/contract';
import { callEndpoint, readAnswerField } from '../../../lib/api-client';
import { defineQuery } from '../../../lib/define-hooks';
import { paymentKeys } from './keys';

const paymentHistory = defineQuery(
  paymentKeys.history,
  readAnswerField(callEndpoint, paymentHistoryEndpoint, 'payments'),
);

export const getPaymentHistoryQueryOptions = paymentHistory.options;
export const usePaymentHistory = paymentHistory.use;
