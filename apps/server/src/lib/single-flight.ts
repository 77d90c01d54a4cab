/**
 * Concurrent loads of one key share one promise while nothing has changed since it started
 * (same generation of the cache that asks). When a cached entry expires under load, the many
 * requests that miss together then cost one query and one serialisation instead of one each:
 * those bursts, not the steady state, made the p99 of the cached reads.
 */
export class SingleFlight<K, V> {
  private readonly inFlight = new Map<K, { generation: number; promise: Promise<V> }>();

  run(key: K, generation: number, load: () => Promise<V>): Promise<V> {
    const current = this.inFlight.get(key);
    // A load that began before a change may read what the change replaced: never join it.
    if (current && current.generation === generation) return current.promise;
    const promise = load().finally(() => {
      if (this.inFlight.get(key)?.promise === promise) this.inFlight.delete(key);
    });
    this.inFlight.set(key, { generation, promise });
    return promise;
  }
}
