import { type Transaction, transactionsEndpoint } from '@portal/contract';
import { callEndpoint } from './api-client';
import { defineQuery } from './define-hooks';
import { sharedKeys } from './query-keys';

export async function getTransactions(signal?: AbortSignal): Promise<Transaction[]> {
  const answer = await callEndpoint(transactionsEndpoint, { body: { task: 'get' }, signal });
  return answer.transactions;
}

const transactions = defineQuery(sharedKeys.transactions, getTransactions);

export const getTransactionsQueryOptions = transactions.options;
export const useTransactions = transactions.use;
