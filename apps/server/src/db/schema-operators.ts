import { ADMIN_ROLES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const roleList = sql.raw(ADMIN_ROLES.map((role) => `'${role}'`).join(', '));

/**
 * The operator team. The built-in owner (one row, made by the migration) signs in with
 * `ADMIN_SECRET` and has no hash here; every other operator has a secret code of their own, kept
 * as a scrypt hash with its own salt and found by the public `lookup` part of the code. Removed
 * operators stay (with `removed_at`) so the audit log keeps their name.
 */
export const operators = pgTable(
  'operators',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    builtin: boolean('builtin').notNull().default(false),
    lookup: text('lookup').unique(),
    secretHash: text('secret_hash'),
    /** Base32 TOTP secret once confirmed, and the one waiting for its first code. */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    /** The last time step a code was accepted for: that code, and older ones, never work again. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** Wrong second factors at login since `totpFailuresSince`, from any address. */
    totpFailures: integer('totp_failures').notNull().default(0),
    totpFailuresSince: timestamp('totp_failures_since', { withTimezone: true }),
    /** Too many wrong second factors: no login until the owner lifts it. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
  },
  (t) => [
    check('operators_role_known', sql`${t.role} IN (${roleList})`),
    check(
      'operators_secret_or_builtin',
      sql`${t.builtin} OR (${t.secretHash} IS NOT NULL AND ${t.lookup} IS NOT NULL)`,
    ),
    uniqueIndex('operators_one_builtin')
      .on(t.builtin)
      .where(sql`${t.builtin}`),
    uniqueIndex('operators_active_name')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.removedAt} IS NULL`),
  ],
);

/** Ten per operator, made when the authenticator is confirmed; each works once. SHA-256: 80 random bits. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('operator_recovery_codes_hash').on(t.operatorId, t.codeHash)],
);

/** The team's rules: one row. */
export const operatorPolicy = pgTable(
  'operator_policy',
  {
    id: boolean('id').primaryKey().default(true),
    totpRequired: boolean('totp_required').notNull().default(false),
  },
  (t) => [check('operator_policy_single_row', sql`${t.id}`)],
);
