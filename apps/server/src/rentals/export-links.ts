import {
  RENTAL_STATUS,
  exportProxies,
  type ExportChoice,
  type ExportFormat,
  type ExportLink,
  type ExportRecord,
} from '@portal/contract';
import type { Queryable } from '../db/client';
import { DomainError } from '../errors';
import { hashSecret, randomToken } from '../lib/secrets';
import {
  insertExportLink,
  liveExportLinkByTokenHash,
  liveExportLinks,
  revokeLiveExportLink,
  type ExportLinkRow,
} from './export-links-repository';
import { historyOf, type GatewayAddress } from './rentals-views';

/** The customer's connected rentals as export rows: what every export and pull link lists. */
export async function connectedRecords(
  db: Queryable,
  userId: number,
  gateway: GatewayAddress,
): Promise<ExportRecord[]> {
  return (await historyOf(db, userId, gateway)).filter((record) => record.status === RENTAL_STATUS.connected);
}

export async function exportFor(
  db: Queryable,
  userId: number,
  gateway: GatewayAddress,
  choice: ExportChoice,
): Promise<string> {
  return exportProxies(await connectedRecords(db, userId, gateway), choice);
}

function toLink(row: ExportLinkRow): ExportLink {
  return {
    id: row.id,
    format: row.format,
    template: row.template,
    hint: row.hint,
    created_at: row.createdAt.toISOString(),
  };
}

/** Links a customer may hold at once: enough for every tool, few enough to keep track of. */
export const MAX_EXPORT_LINKS = 20;

export async function createExportLink(
  db: Queryable,
  userId: number,
  choice: ExportChoice,
  at: Date,
): Promise<{ link: ExportLink; token: string }> {
  if ((await listExportLinks(db, userId)).length >= MAX_EXPORT_LINKS) {
    throw new DomainError('BAD_REQUEST', {
      status: 409,
      message: `You have ${MAX_EXPORT_LINKS} pull links already; revoke one first`,
    });
  }
  const token = randomToken(24);
  const row = await insertExportLink(db, {
    userId,
    tokenHash: hashSecret(token),
    hint: token.slice(0, 6),
    format: 'format' in choice ? choice.format : null,
    template: 'template' in choice ? choice.template : null,
    createdAt: at,
  });
  return { link: toLink(row), token };
}

export async function listExportLinks(db: Queryable, userId: number): Promise<ExportLink[]> {
  return (await liveExportLinks(db, userId)).map(toLink);
}

/** Another customer's link answers like an unknown one: 404, saying nothing about it. */
export async function revokeExportLink(db: Queryable, userId: number, id: number, at: Date): Promise<void> {
  if (!(await revokeLiveExportLink(db, userId, id, at))) throw new DomainError('NOT_FOUND');
}

/** The list behind a pull link, always as of now; null for an unknown or revoked link. */
export async function pullList(db: Queryable, token: string, gateway: GatewayAddress): Promise<string | null> {
  const row = await liveExportLinkByTokenHash(db, hashSecret(token));
  if (!row) return null;
  const choice: ExportChoice =
    row.template !== null ? { template: row.template } : { format: row.format as ExportFormat };
  return exportFor(db, row.userId, gateway, choice);
}
