import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/helper';
import { GEO_IDLE_MS, GeoDatabaseHolder, type GeoDatabases } from './geo-databases';

/** A loader that counts its loads, standing in for the 150 MB of real databases. */
function countingLoader() {
  let loads = 0;
  return {
    loads: () => loads,
    load: async (): Promise<GeoDatabases> => {
      loads += 1;
      return { loadMs: 0, lookup: () => ({ country: 'SE' }) };
    },
  };
}

describe('the offline databases are held only while discovery uses them', () => {
  it('loads on first use, keeps them through a burst, lets them go after a quiet period', async () => {
    const clock = new ManualClock();
    const loader = countingLoader();
    const holder = new GeoDatabaseHolder(loader.load, clock);
    expect(holder.loaded).toBe(false);
    expect(loader.loads()).toBe(0);

    expect((await holder.get()).lookup('81.2.69.142')).toEqual({ country: 'SE' });
    clock.advance(GEO_IDLE_MS - 1);
    await holder.get();
    expect(loader.loads()).toBe(1);

    // Quiet, but not for long enough since the last use.
    clock.advance(GEO_IDLE_MS - 1);
    expect(holder.releaseIfIdle()).toBe(false);
    clock.advance(1);
    expect(holder.releaseIfIdle()).toBe(true);
    expect(holder.loaded).toBe(false);

    await holder.get();
    expect(loader.loads()).toBe(2);
  });

  it('tries again after a failed load', async () => {
    let calls = 0;
    const holder = new GeoDatabaseHolder(async () => {
      calls += 1;
      if (calls === 1) throw new Error('unreadable');
      return { loadMs: 0, lookup: () => ({}) };
    }, new ManualClock());
    await expect(holder.get()).rejects.toThrow('unreadable');
    await expect(holder.get()).resolves.toMatchObject({ loadMs: 0 });
  });

  it('the real databases load from their npm packages', async () => {
    const holder = new GeoDatabaseHolder();
    expect((await holder.get()).lookup('81.2.69.142')).toMatchObject({ country: 'GB', city: 'Bracknell' });
  });
});
