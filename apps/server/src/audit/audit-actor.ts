/**
 * Who acts, as the audit log names them: the door (`api`, `cli`), the operator (id and name as
 * they were then; null for a caller nobody could name) and where the call came from.
 */
export interface AuditActor {
  via: 'api' | 'cli';
  operatorId: number | null;
  operatorName: string | null;
  /** The caller's address, or `cli`. */
  source: string;
}

/** The portal itself (an expiry job, a gateway): nobody to name. */
export const SYSTEM_ACTOR = 'system';

/** Who did it when it was not an operator: the portal itself, or a customer acting on their own rental. */
export type NonOperatorActor = typeof SYSTEM_ACTOR | `customer:${number}`;
