import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('SingleFlight', () => {
  it('shares one load among callers of one key and generation, and starts anew once it ended', async () => {
    const flight = new SingleFlight<string, number>();
    let loads = 0;
    const gate = deferred<number>();
    const load = () => {
      loads += 1;
      return gate.promise;
    };
    const together = [flight.run('a', 1, load), flight.run('a', 1, load), flight.run('a', 1, load)];
    gate.resolve(7);
    expect(await Promise.all(together)).toEqual([7, 7, 7]);
    expect(loads).toBe(1);
    await flight.run('a', 1, async () => ++loads);
    expect(loads).toBe(2);
  });

  it('never joins a load that began before a change (another generation), nor another key', async () => {
    const flight = new SingleFlight<string, string>();
    const old = deferred<string>();
    const before = flight.run('a', 1, () => old.promise);
    const after = flight.run('a', 2, async () => 'fresh');
    const other = flight.run('b', 1, async () => 'b');
    old.resolve('stale');
    expect(await Promise.all([before, after, other])).toEqual(['stale', 'fresh', 'b']);
  });
});
