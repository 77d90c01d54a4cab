import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, type Database, type DatabaseHandle } from './client';
import { schema } from './schema';

/**
 * PGlite (PostgreSQL compiled to WebAssembly) for the unit tests and the move of old data folders.
 * A module of its own: the running server never loads it (its code and WebAssembly are megabytes).
 */
export function openPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    listen: async (channels, onNotify) => {
      const stops = await Promise.all(
        channels.map((channel) => client.listen(channel, (payload) => onNotify(channel, payload))),
      );
      return async () => {
        await Promise.all(stops.map((stop) => stop()));
      };
    },
    close: () => client.close(),
  };
}
