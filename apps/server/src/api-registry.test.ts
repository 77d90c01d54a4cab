import { ENDPOINTS } from '@portal/contract/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** Pages, probes and the API document: not calls of the API. */
const NOT_API = /^\/api\/docs(\/|$)/;

describe('the endpoint registry', () => {
  it('serves every API route from the registry', () => {
    const outside = t.app.servedRoutes
      .filter((route) => route.method !== 'HEAD' && route.url.startsWith('/api/') && !NOT_API.test(route.url))
      .filter((route) => route.operationId === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(outside).toEqual([]);
  });

  it('registers every endpoint of the registry, each under its own method and path', () => {
    const served = t.app.servedRoutes.filter((route) => route.operationId !== undefined);
    for (const endpoint of ENDPOINTS) {
      const routes = served.filter((route) => route.operationId === endpoint.operationId && route.method !== 'HEAD');
      expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual([`${endpoint.method} ${endpoint.path}`]);
    }
  });

  it('names each call once', () => {
    const ids = ENDPOINTS.map((endpoint) => endpoint.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
