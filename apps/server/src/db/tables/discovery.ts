import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../schema-columns';

/** IPQualityScore answers per exit IP, kept about a day so re-checks spend no look-up. */
export const ipqsCache = pgTable('ipqs_cache', {
  ip: text('ip').primaryKey(),
  fraudScore: integer('fraud_score').notNull(),
  /** mobile, residential or datacenter; null when IPQS did not say. */
  type: text('type'),
  fetchedAt: instant('fetched_at').notNull(),
});

/** IPQualityScore look-ups spent per calendar month (UTC), against IPQS_MONTHLY_LIMIT. */
export const ipqsUsage = pgTable('ipqs_usage', {
  /** YYYY-MM */
  month: text('month').primaryKey(),
  used: integer('used').notNull().default(0),
});
