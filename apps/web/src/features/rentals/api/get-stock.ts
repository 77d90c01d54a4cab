import { stockEndpoint, type StockGroup } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { rentalKeys } from './keys';

export async function getStock(signal?: AbortSignal): Promise<StockGroup[]> {
  const answer = await callEndpoint(stockEndpoint, { signal });
  return answer.stock;
}

export const getStockQueryOptions = () =>
  queryOptions({ queryKey: rentalKeys.stock(), queryFn: ({ signal }) => getStock(signal) });

export function useStock() {
  return useQuery(getStockQueryOptions());
}
