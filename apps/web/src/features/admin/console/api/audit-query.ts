/**
 * What the audit screen narrows the log to; times are ISO 8601. Apart from the query (get-audit.ts)
 * because the query keys (keys.ts) are typed by it and the query imports the keys.
 */
export interface AuditFilters {
  operatorId?: number | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}
