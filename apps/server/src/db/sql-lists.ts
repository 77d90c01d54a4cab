import { sql } from 'drizzle-orm';

/**
 * A fixed list of the contract's own constants as SQL literals, `'a', 'b'`, for CHECK constraints
 * and defaults: drizzle cannot bind parameters in DDL. Only constants go through here, never input.
 */
export const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
