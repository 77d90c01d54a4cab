import { replacementsEndpoint, type Replacement } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

export async function getReplacements({ signal }: { signal?: AbortSignal } = {}): Promise<Replacement[]> {
  const answer = await callAdminEndpoint(replacementsEndpoint, { signal });
  return answer.replacements;
}

export function useReplacements() {
  return useQuery(
    queryOptions({ queryKey: consoleKeys.replacements(), queryFn: ({ signal }) => getReplacements({ signal }) }),
  );
}
