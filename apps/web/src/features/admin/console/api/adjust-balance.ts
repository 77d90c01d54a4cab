import { adjustBalanceEndpoint, type BalanceAdjustRequest, type BalanceAdjustResponseSchema } from '@portal/contract';
import type { z } from 'zod';
import { callAdminEndpoint } from '../../api/admin-request';
import { defineConsoleChange } from './console-change';

/** By design: a signed dollar amount and a reason; the server refuses to go below zero. */
export type AdjustBalanceInput = BalanceAdjustRequest & { customer: number };
type AdjustBalanceResult = z.infer<typeof BalanceAdjustResponseSchema>;

export function adjustBalance(input: AdjustBalanceInput): Promise<AdjustBalanceResult> {
  return callAdminEndpoint(adjustBalanceEndpoint, { body: input });
}

// The new balance shows in the detail (with its new ledger row), the search list, the overview and the audit log.
export const useAdjustBalance = defineConsoleChange(adjustBalance);
