import type { CatalogueProxy } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  cascadeOptions,
  changeFilter,
  filterProxies,
  pageOf,
  sortProxies,
  toggleSort,
  type CatalogueFilters,
} from './catalogue-view';
import { catalogueProxy } from '../../../../test/fixtures';

let nextId = 1;
/** A catalogue row numbered in turn unless `overrides` gives the id. */
const proxy = (overrides: Partial<CatalogueProxy>) => catalogueProxy(nextId++, overrides);

const rows = [
  // The fixture's row as it is: US, California, Los Angeles, Comcast, 90001, fraud score 0.
  proxy({ id: 1 }),
  proxy({
    id: 2,
    country: 'US',
    region: 'California',
    city: 'San Diego',
    ISP: 'Cox',
    zip: '92101',
    ipqualityscore: 25,
  }),
  proxy({ id: 3, country: 'US', region: 'Texas', city: 'Austin', ISP: 'AT&T', zip: '', ipqualityscore: 26 }),
  proxy({ id: 4, country: 'DE', region: 'Berlin', city: 'Berlin', ISP: 'Telekom', zip: '10115', ipqualityscore: 75 }),
  proxy({
    id: 5,
    country: 'DE',
    region: '',
    city: 'Hamburg',
    ISP: 'Vodafone',
    zip: '20095',
    ipqualityscore: 76,
    protocol: 'HTTP',
  }),
  proxy({
    id: 12,
    country: 'FR',
    region: 'Île-de-France',
    city: 'Paris',
    ISP: 'Orange',
    zip: '75001',
    ipqualityscore: 100,
  }),
];

describe('filter cascade', () => {
  const deep: CatalogueFilters = {
    ...EMPTY_FILTERS,
    country: 'US',
    region: 'California',
    city: 'San Diego',
    isp: 'Cox',
    zip: '92101',
  };

  it('country resets region, city, ISP and zip', () => {
    expect(changeFilter(deep, 'country', 'DE')).toEqual({ ...EMPTY_FILTERS, country: 'DE' });
  });
  it('region resets city, ISP and zip; city resets ISP and zip; ISP resets zip', () => {
    expect(changeFilter(deep, 'region', 'Texas')).toMatchObject({
      country: 'US',
      region: 'Texas',
      city: 'all',
      isp: 'all',
      zip: 'all',
    });
    expect(changeFilter(deep, 'city', 'Los Angeles')).toMatchObject({
      region: 'California',
      city: 'Los Angeles',
      isp: 'all',
      zip: 'all',
    });
    expect(changeFilter(deep, 'isp', 'Comcast')).toMatchObject({ city: 'San Diego', isp: 'Comcast', zip: 'all' });
  });
  it('the fraud score, protocol and ID filters leave the location alone', () => {
    expect(changeFilter(deep, 'quality', 'low')).toEqual({ ...deep, quality: 'low' });
    expect(changeFilter(deep, 'protocol', 'HTTP')).toEqual({ ...deep, protocol: 'HTTP' });
  });
});

describe('option narrowing', () => {
  it('lists every country, and lower levels only from rows matching the choices above; blanks left out', () => {
    const all = cascadeOptions(rows, EMPTY_FILTERS);
    expect(all.country).toEqual(['DE', 'FR', 'US']);
    expect(all.zip).not.toContain('');
    expect(all.region).not.toContain('');

    const us = cascadeOptions(rows, { ...EMPTY_FILTERS, country: 'US' });
    expect(us.country).toEqual(['DE', 'FR', 'US']);
    expect(us.region).toEqual(['California', 'Texas']);
    expect(us.city).toEqual(['Austin', 'Los Angeles', 'San Diego']);

    const california = cascadeOptions(rows, { ...EMPTY_FILTERS, country: 'US', region: 'California' });
    expect(california.city).toEqual(['Los Angeles', 'San Diego']);
    expect(california.isp).toEqual(['Comcast', 'Cox']);
    const texas = cascadeOptions(rows, { ...EMPTY_FILTERS, country: 'US', region: 'Texas' });
    expect(texas.zip).toEqual([]);
  });
});

describe('filtering', () => {
  const ids = (filters: Partial<CatalogueFilters>) =>
    filterProxies(rows, { ...EMPTY_FILTERS, ...filters }).map((p) => p.id);

  it('fraud score bands are inclusive: very-low 0-25, low 26-50, medium 51-75, high 76-100', () => {
    expect(ids({ quality: 'very-low' })).toEqual([1, 2]);
    expect(ids({ quality: 'low' })).toEqual([3]);
    expect(ids({ quality: 'medium' })).toEqual([4]);
    expect(ids({ quality: 'high' })).toEqual([5, 12]);
  });
  it('filters by location and ID prefix; every proxy is reached over every protocol the gateway serves', () => {
    expect(ids({ country: 'US', region: 'California' })).toEqual([1, 2]);
    // Proxy 5's upstream speaks HTTP, the others' SOCKS5: the gateway serves each over both.
    expect(ids({ protocol: 'HTTP' })).toHaveLength(rows.length);
    expect(ids({ protocol: 'SOCKS5' })).toHaveLength(rows.length);
    expect(ids({ id: '1' })).toEqual([1, 12]);
    expect(ids({})).toHaveLength(rows.length);
  });
  it('the UDP filter keeps only proxies UDP is known to pass through', () => {
    const mixed = [proxy({ id: 91, udp: true }), proxy({ id: 92, udp: false }), proxy({ id: 93, udp: null })];
    expect(filterProxies(mixed, { ...EMPTY_FILTERS, udp: 'with' }).map((p) => p.id)).toEqual([91]);
    expect(filterProxies(mixed, EMPTY_FILTERS)).toHaveLength(3);
  });
});

describe('sorting', () => {
  it('the same column toggles asc and desc; a new column starts asc', () => {
    const first = toggleSort(null, 'city');
    expect(first).toEqual({ field: 'city', direction: 'asc' });
    expect(toggleSort(first, 'city')).toEqual({ field: 'city', direction: 'desc' });
    expect(toggleSort({ field: 'city', direction: 'desc' }, 'zip')).toEqual({ field: 'zip', direction: 'asc' });
  });
  it('missing values sort last in both directions', () => {
    const asc = sortProxies(rows, { field: 'zip', direction: 'asc' }).map((p) => p.zip);
    expect(asc).toEqual(['10115', '20095', '75001', '90001', '92101', '']);
    const desc = sortProxies(rows, { field: 'zip', direction: 'desc' }).map((p) => p.zip);
    expect(desc).toEqual(['92101', '90001', '75001', '20095', '10115', '']);
    const regions = sortProxies(rows, { field: 'region', direction: 'desc' }).map((p) => p.region);
    expect(regions.at(-1)).toBe('');
  });
  it('sorts IPs by their numbers and fraud scores numerically', () => {
    const ips = [proxy({ ip: '10.0.0.10' }), proxy({ ip: '10.0.0.9' }), proxy({ ip: '9.255.0.1' })];
    expect(sortProxies(ips, { field: 'ip', direction: 'asc' }).map((p) => p.ip)).toEqual([
      '9.255.0.1',
      '10.0.0.9',
      '10.0.0.10',
    ]);
    expect(sortProxies(rows, { field: 'ipqualityscore', direction: 'desc' }).map((p) => p.id)).toEqual([
      12, 5, 4, 3, 2, 1,
    ]);
    expect(sortProxies(rows, { field: 'id', direction: 'desc' }).map((p) => p.id)[0]).toBe(12);
  });
  it('IPv6 and malformed addresses sort after IPv4 as text; ties keep list order both ways', () => {
    const mixed = [
      proxy({ ip: '2001:db8::1' }),
      proxy({ ip: '10.0.0.300' }),
      proxy({ ip: '1.2.3.4' }),
      proxy({ ip: '' }),
    ];
    expect(sortProxies(mixed, { field: 'ip', direction: 'asc' }).map((p) => p.ip)).toEqual([
      '1.2.3.4',
      '10.0.0.300',
      '2001:db8::1',
      '',
    ]);
    const ties = [proxy({ id: 31, city: 'B' }), proxy({ id: 32, city: 'A' }), proxy({ id: 33, city: 'B' })];
    expect(sortProxies(ties, { field: 'city', direction: 'desc' }).map((p) => p.id)).toEqual([31, 33, 32]);
    expect(sortProxies(ties, { field: 'city', direction: 'asc' }).map((p) => p.id)).toEqual([32, 31, 33]);
  });
  it('leaves the list as it is without a sort', () => {
    expect(sortProxies(rows, null)).toBe(rows);
  });
});

describe('paging', () => {
  const many = Array.from({ length: 250 }, (_, index) => index);
  it('cuts 100 rows a page and counts pages', () => {
    expect(pageOf(many, 1)).toMatchObject({ page: 1, pageCount: 3 });
    expect(pageOf(many, 1).rows).toHaveLength(100);
    expect(pageOf(many, 3).rows).toEqual(many.slice(200));
  });
  it('clamps the page, and an empty list is page 1 of 1', () => {
    expect(pageOf(many, 9).page).toBe(3);
    expect(pageOf([], 4)).toEqual({ rows: [], page: 1, pageCount: 1 });
  });
});
