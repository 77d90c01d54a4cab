import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigNumber, identityId, instant } from '../schema-columns';
import { operators } from './admin';

/** Every operator action: who (which admin session), when, what. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: identityId(),
    at: instant('at').notNull(),
    /** Through which door: `api`, `cli`, `system` (rows before operators: `admin:<token id>`). */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    details: jsonb('details').notNull(),
    /** Who acted: kept as written, so a removed or renamed operator's rows still name them. */
    operatorId: bigNumber('operator_id').references(() => operators.id),
    operatorName: text('operator_name'),
    /** The caller's address, or `cli`. */
    source: text('source'),
    /** Events this row stands for: a flood from one source is one row per minute. */
    count: integer('count').notNull().default(1),
    /** Set on rows that collapse a flood: action, who, source and minute. */
    floodKey: text('flood_key'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_operator_idx').on(t.operatorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    uniqueIndex('audit_log_flood_key')
      .on(t.floodKey)
      .where(sql`${t.floodKey} IS NOT NULL`),
  ],
);
