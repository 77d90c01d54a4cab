import { bigint, type ReferenceConfig } from 'drizzle-orm/pg-core';

/**
 * Column groups most tables repeat, written once. Each gives exactly the column it replaces, so
 * the generated schema (and so the migrations) do not change.
 */

/** A table's own number, given by the database (GENERATED ALWAYS AS IDENTITY) and read as a number. */
export const identityId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** A required link to another table's row (ids stay far below 2^53, so they are read as numbers). */
export const requiredReference = <TName extends string>(
  name: TName,
  ref: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) => bigint(name, { mode: 'number' }).notNull().references(ref, actions);
