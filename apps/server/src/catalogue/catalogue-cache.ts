import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { CatalogueProxy, StockGroup, StorefrontFacts } from '@portal/contract';
import type { DatabaseHandle, Queryable } from '../db/client';
import { LISTENED_TTL_MS, ListenedValue, listenedValue } from '../lib/listened-value';
import type { JsonSnapshot } from '../plugins/snapshot-reply';
import { currentSumid } from './catalogue-service';
import { listFreeProxies } from './catalogue-repository';
import { stockFacts, stockOf } from './catalogue-stock';

const gzipAsync = promisify(gzip);

/** Sent at commit by the catalogue_state trigger, with the new sumid as its payload. */
export const CATALOGUE_CHANGED = 'catalogue_changed';

export interface CatalogueSnapshot extends JsonSnapshot {
  sumid: string;
  count: number;
  gzip: Buffer;
  /**
   * The storefront's figures of the same version. Not the rows themselves: kept for as long as the
   * version lives, 100,000 of them as objects held about 40 MB more at rest.
   */
  facts: StorefrontFacts['stock'];
  /** The public summary of the same version (what is for sale, without addresses). */
  stock: StockGroup[];
}

/**
 * The catalogue's version (sumid) and the list answer, both in memory: the
 * version from the notification every change sends, the list serialized and compressed once per
 * version. Concurrent requests during a rebuild share it. Without a listened version (tests on
 * one connection), the version is read from the database on each request.
 */
export class CatalogueCache {
  private snapshot: CatalogueSnapshot | null = null;
  private building: Promise<CatalogueSnapshot> | null = null;
  readonly version: ListenedValue<string>;

  constructor(
    private readonly db: Queryable,
    version?: ListenedValue<string>,
  ) {
    this.version = version ?? new ListenedValue(() => currentSumid(db));
  }

  sumid(): Promise<string> {
    return this.version.get();
  }

  async get(): Promise<CatalogueSnapshot> {
    const sumid = await this.sumid();
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
    // Not the sumid itself: the sumid's own answer carries that ETag.
    const etag = `"list-${createHash('sha256').update(sumid).digest('base64url').slice(0, 16)}"`;
    const snapshot = {
      sumid,
      count: proxies.length,
      json,
      // Off the event loop: a large list takes a CPU for most of a second to compress, while every
      // other request would wait.
      gzip: await gzipAsync(json),
      etag,
      facts: stockFacts(proxies),
      stock: stockOf(proxies),
    };
    this.snapshot = snapshot;
    return snapshot;
  }
}

/** The catalogue's version kept current by notifications: what `npm start` runs with. */
export async function listenedCatalogueVersion(
  database: Pick<DatabaseHandle, 'db' | 'listen'>,
  ttlMs = LISTENED_TTL_MS,
) {
  return listenedValue(
    database,
    CATALOGUE_CHANGED,
    () => currentSumid(database.db),
    (payload) => payload || null,
    ttlMs,
  );
}
