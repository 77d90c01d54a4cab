import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';

describe('GET /healthz', () => {
  it('answers ok while the database answers, and 503 when it does not', async () => {
    const t = await buildTestApp();
    try {
      const healthy = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(healthy.statusCode).toBe(200);
      expect(healthy.json()).toEqual({ status: 'ok' });

      await t.database.close();
      const down = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable' });
    } finally {
      await t.app.close();
    }
  });
});
