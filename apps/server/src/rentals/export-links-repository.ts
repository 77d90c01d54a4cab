import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { firstRow } from '../db/first-row';
import { exportLinks } from '../db/tables/rentals';

/** The pull links' queries; their limit and the answers' shape are export-links.ts's. */

export type ExportLinkRow = typeof exportLinks.$inferSelect;

export async function insertExportLink(db: Queryable, values: typeof exportLinks.$inferInsert): Promise<ExportLinkRow> {
  const [row] = await db.insert(exportLinks).values(values).returning();
  if (!row) throw new Error('insert into export_links returned no row');
  return row;
}

/** The customer's links not revoked, newest first. */
export async function liveExportLinks(db: Queryable, userId: number): Promise<ExportLinkRow[]> {
  return db
    .select()
    .from(exportLinks)
    .where(and(eq(exportLinks.userId, userId), isNull(exportLinks.revokedAt)))
    .orderBy(desc(exportLinks.id));
}

/** Revokes the customer's link; false when it is not theirs, unknown or revoked already. */
export async function revokeLiveExportLink(db: Queryable, userId: number, id: number, at: Date): Promise<boolean> {
  const [row] = await db
    .update(exportLinks)
    .set({ revokedAt: at })
    .where(and(eq(exportLinks.id, id), eq(exportLinks.userId, userId), isNull(exportLinks.revokedAt)))
    .returning({ id: exportLinks.id });
  return row !== undefined;
}

export async function liveExportLinkByTokenHash(db: Queryable, tokenHash: string): Promise<ExportLinkRow | undefined> {
  return firstRow(db, exportLinks, and(eq(exportLinks.tokenHash, tokenHash), isNull(exportLinks.revokedAt)));
}
