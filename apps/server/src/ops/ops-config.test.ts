import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const base = '/srv/portal';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, base);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('the variables of scheduled backups, alerts and connection caps', () => {
  it('has their defaults: no scheduled backups, no stock alert, unlimited connections, 5 addresses a day per rental', () => {
    const config = loadConfig({}, base);
    expect(config.backups).toBeNull();
    expect(config.lowStockThreshold).toBe(0);
    expect(config.gateway.rentalMaxConnections).toBe(0);
    expect(config.gateway.rentalMaxSourceIps).toBe(5);
    expect(config.gateway.sourceWindowMs).toBe(24 * 3_600_000);
  });

  it('takes an address limit (0: unlimited) and a window in hours, and names bad ones', () => {
    const config = loadConfig({ RENTAL_MAX_SOURCE_IPS: '0', RENTAL_SOURCE_WINDOW_HOURS: '2' }, base);
    expect(config.gateway.rentalMaxSourceIps).toBe(0);
    expect(config.gateway.sourceWindowMs).toBe(2 * 3_600_000);
    expect(problemsOf({ RENTAL_MAX_SOURCE_IPS: '-1', RENTAL_SOURCE_WINDOW_HOURS: '0' })).toEqual([
      'RENTAL_MAX_SOURCE_IPS must be 0 or more (got "-1")',
      'RENTAL_SOURCE_WINDOW_HOURS must be at least 1 (got "0")',
    ]);
  });

  it('takes a backup folder relative to the base, fractions of hours, a count to keep, and 0 as unlimited', () => {
    const config = loadConfig(
      {
        BACKUP_DIR: 'backups',
        BACKUP_EVERY_HOURS: '0.5',
        BACKUP_KEEP: '3',
        LOW_STOCK_THRESHOLD: '20',
        RENTAL_MAX_CONNECTIONS: '0',
      },
      base,
    );
    expect(config.backups).toEqual({ dir: path.join(base, 'backups'), everyMs: 1_800_000, keep: 3 });
    expect(config.lowStockThreshold).toBe(20);
    expect(config.gateway.rentalMaxConnections).toBe(0);
    expect(loadConfig({ BACKUP_DIR: '/var/backups/portal' }, base).backups).toEqual({
      dir: '/var/backups/portal',
      everyMs: 24 * 3_600_000,
      keep: 14,
    });
  });

  it('names every bad value', () => {
    expect(
      problemsOf({
        BACKUP_EVERY_HOURS: '0',
        BACKUP_KEEP: '0',
        LOW_STOCK_THRESHOLD: '-1',
        RENTAL_MAX_CONNECTIONS: 'many',
      }),
    ).toEqual([
      'RENTAL_MAX_CONNECTIONS must be a whole number (got "many")',
      'BACKUP_EVERY_HOURS must be at least 0.05 (3 minutes) (got "0")',
      'BACKUP_KEEP must be at least 1 (got "0")',
      'LOW_STOCK_THRESHOLD must be 0 or more (got "-1")',
    ]);
    expect(problemsOf({ BACKUP_EVERY_HOURS: 'daily' })).toEqual([
      'BACKUP_EVERY_HOURS must be a number of hours, such as 24 or 0.5 (got "daily")',
    ]);
  });
});
