import { API_PATHS, ProxyImportResponseSchema, TIMEOUTS_MS } from '@portal/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminRequest } from '../../api/admin-request';
import { consoleKeys } from './keys';

/** The two bodies the import call accepts (DESIGN section 7): CSV text with a header row, or JSON rows. */
export type ImportInput = { kind: 'csv'; text: string } | { kind: 'json'; proxies: unknown[] };
export type ImportResult = z.infer<typeof ProxyImportResponseSchema>;

export function importProxies(input: ImportInput): Promise<ImportResult> {
  return adminRequest(API_PATHS.adminProxies, {
    method: 'POST',
    schema: ProxyImportResponseSchema,
    // 20,000 rows are validated and stored in one transaction; give it the long timeout.
    timeoutMs: TIMEOUTS_MS.proxyList,
    ...(input.kind === 'csv'
      ? { rawBody: { text: input.text, contentType: 'text/csv' } }
      : { body: { proxies: input.proxies } }),
  });
}

type MutationConfig = Omit<UseMutationOptions<ImportResult, Error, ImportInput>, 'mutationFn'>;

export function useImportProxies({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: importProxies,
    onSuccess: async (...args) => {
      // New rows change the inventory, the overview's counts and the audit log: refresh by prefix.
      await queryClient.invalidateQueries({ queryKey: consoleKeys.all });
      await onSuccess?.(...args);
    },
  });
}
