/*
 * One schema for PGlite and PostgreSQL. Each table is declared in the file of the area that owns
 * it (`tables/<area>.ts`), and only that area's repositories write it (lint checks); another area
 * may read it in a join. Money is integer cents (bigint, read as number: cents stay far below
 * 2^53). Invariants live in constraints, not only in code.
 */
import { browserSessions, users } from './tables/accounts';
import { adminTokens } from './tables/admin';
import { auditLog } from './tables/audit';
import { catalogueState } from './tables/catalogue';
import { ipqsCache, ipqsUsage } from './tables/discovery';
import { proxies } from './tables/inventory';
import { ledgerEntries } from './tables/ledger';
import { news } from './tables/news';
import { giftcards, payments } from './tables/payments';
import { exportLinks, rentalOrders, rentals, rentalUsage } from './tables/rentals';

export const schema = {
  exportLinks,
  rentalUsage,
  users,
  browserSessions,
  proxies,
  rentals,
  rentalOrders,
  ledgerEntries,
  catalogueState,
  adminTokens,
  payments,
  giftcards,
  news,
  auditLog,
  ipqsCache,
  ipqsUsage,
};

export * from './tables/accounts';
export * from './tables/admin';
export * from './tables/audit';
export * from './tables/catalogue';
export * from './tables/discovery';
export * from './tables/inventory';
export * from './tables/ledger';
export * from './tables/news';
export * from './tables/nodes';
export * from './tables/notices';
export * from './tables/ops';
export * from './tables/payments';
export * from './tables/rentals';
export * from './tables/replacements';
