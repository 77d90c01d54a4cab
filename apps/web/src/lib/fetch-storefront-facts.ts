import { storefrontFactsEndpoint, type StorefrontFacts } from '@portal/contract';
import { callEndpoint } from './api-client';

export function getStorefrontFacts({ signal }: { signal?: AbortSignal } = {}): Promise<StorefrontFacts> {
  return callEndpoint(storefrontFactsEndpoint, { signal });
}
