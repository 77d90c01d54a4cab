import {
  createOperatorEndpoint,
  deleteOperatorEndpoint,
  listOperatorsEndpoint,
  totpPolicyEndpoint,
  unlockOperatorEndpoint,
  type AdminRole,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { defineTeamChange } from './console-change';
import { consoleKeys } from './keys';

export function useOperators({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: consoleKeys.operators(),
    queryFn: ({ signal }) => callAdminEndpoint(listOperatorsEndpoint, { signal }),
    enabled,
  });
}

export const useCreateOperator = defineTeamChange((input: { name: string; role: AdminRole }) =>
  callAdminEndpoint(createOperatorEndpoint, { body: input }),
);

export const useDeleteOperator = defineTeamChange((id: number) =>
  callAdminEndpoint(deleteOperatorEndpoint, { params: { id } }),
);

export const useTotpPolicy = defineTeamChange((required: boolean) =>
  callAdminEndpoint(totpPolicyEndpoint, { body: { required } }),
);

export const useUnlockOperator = defineTeamChange((id: number) =>
  callAdminEndpoint(unlockOperatorEndpoint, { params: { id } }),
);
