import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SUPPORT_CONTACT: '  help@shop.example  ' } });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/site', () => {
  it('answers the SUPPORT_CONTACT the server runs with, to anyone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, supportContact: 'help@shop.example' });
  });

  it('has a placeholder when unset or blank, and refuses an address too long to show', () => {
    expect(testConfig().supportContact).toBe('support@proxyport.example');
    expect(testConfig({ SUPPORT_CONTACT: ' ' }).supportContact).toBe('support@proxyport.example');
    expect(() => testConfig({ SUPPORT_CONTACT: 'x'.repeat(201) })).toThrow(/SUPPORT_CONTACT must be at most 200/);
  });
});
