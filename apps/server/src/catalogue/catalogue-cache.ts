import { gzipSync } from 'node:zlib';
import type { CatalogueProxy } from '@portal/contract';
import type { Queryable } from '../db/client';
import { currentSumid } from './catalogue-state';
import { listFreeProxies } from './catalogue-repository';

export interface CatalogueSnapshot {
  sumid: string;
  count: number;
  json: Buffer;
  gzip: Buffer;
}

/**
 * The list answer, serialized and compressed once per catalogue version (DESIGN section 4).
 * Concurrent requests during a rebuild share it; every process keeps its own copy and notices
 * another process's change through the sumid in the database.
 */
export class CatalogueCache {
  private snapshot: CatalogueSnapshot | null = null;
  private building: Promise<CatalogueSnapshot> | null = null;

  constructor(private readonly db: Queryable) {}

  async get(): Promise<CatalogueSnapshot> {
    const sumid = await currentSumid(this.db);
    if (this.snapshot?.sumid === sumid) return this.snapshot;
    if (!this.building) {
      this.building = this.build().finally(() => {
        this.building = null;
      });
    }
    return this.building;
  }

  private async build(): Promise<CatalogueSnapshot> {
    // Read the version before the rows: if a change lands in between, the snapshot is labelled
    // with the older version and is rebuilt on the next request, never the other way round.
    const sumid = await currentSumid(this.db);
    const proxies: CatalogueProxy[] = await listFreeProxies(this.db);
    const json = Buffer.from(JSON.stringify({ success: true, proxies }));
    const snapshot = { sumid, count: proxies.length, json, gzip: gzipSync(json) };
    this.snapshot = snapshot;
    return snapshot;
  }
}
