import { ADMIN_ROLES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { inList } from '../sql-lists';
import { bigNumber, createdAt, identityId, instant, requiredReference } from '../schema-columns';

const roleList = inList(ADMIN_ROLES);

/**
 * The operator team. The built-in owner (one row, made by the migration) signs in with
 * `ADMIN_SECRET` and has no hash here; every other operator has a secret code of their own, kept
 * as a scrypt hash with its own salt and found by the public `lookup` part of the code. Removed
 * operators stay (with `removed_at`) so the audit log keeps their name.
 */
export const operators = pgTable(
  'operators',
  {
    id: identityId(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    builtin: boolean('builtin').notNull().default(false),
    lookup: text('lookup').unique(),
    secretHash: text('secret_hash'),
    /** Base32 TOTP secret once confirmed, and the one waiting for its first code. */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    /** The last time step a code was accepted for: that code, and older ones, never work again. */
    totpLastStep: bigNumber('totp_last_step'),
    createdAt: createdAt(),
    lastLoginAt: instant('last_login_at'),
    removedAt: instant('removed_at'),
    /** Wrong second factors at login since `totpFailuresSince`, from any address. */
    totpFailures: integer('totp_failures').notNull().default(0),
    totpFailuresSince: instant('totp_failures_since'),
    /** Too many wrong second factors: no login until the owner lifts it. */
    lockedAt: instant('locked_at'),
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
    id: identityId(),
    operatorId: requiredReference('operator_id', () => operators.id),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
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

/** Operator sessions: Bearer tokens with an expiry, stored hashed. */
export const adminTokens = pgTable(
  'admin_tokens',
  {
    id: identityId(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    /** Whose session; removing the operator ends it. Tokens from before operators have none and no longer work. */
    operatorId: bigNumber('operator_id').references(() => operators.id),
    /** Where the login came from and its browser, for the operator's list of their sessions. */
    source: text('source'),
    userAgent: text('user_agent'),
    /** The login passed the authenticator app. */
    secondFactor: boolean('second_factor').notNull().default(false),
  },
  (t) => [index('admin_tokens_operator_idx').on(t.operatorId)],
);
