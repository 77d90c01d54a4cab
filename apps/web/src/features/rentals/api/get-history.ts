import { historyEndpoint } from '@portal/contract';
import { callEndpoint, readAnswerField } from '../../../lib/api-client';
import { defineQuery } from '../../../lib/define-hooks';
import { rentalKeys } from './keys';

export const getHistory = readAnswerField(callEndpoint, historyEndpoint, 'history');

const history = defineQuery(rentalKeys.history, getHistory);

export const getHistoryQueryOptions = history.options;
export const useHistory = history.use;
