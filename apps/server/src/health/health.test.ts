import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { Readiness } from './readiness';

/** Closes the app's database under it: `url` must then answer 503 unavailable. */
async function expectUnavailableWithoutDatabase(t: TestApp, url: string): Promise<void> {
  await t.database.close();
  const down = await t.app.inject({ method: 'GET', url });
  expect(down.statusCode).toBe(503);
  expect(down.json()).toEqual({ status: 'unavailable' });
}

describe('GET /healthz', () => {
  it('answers ok while the database answers, and 503 when it does not', async () => {
    const t = await buildTestApp();
    try {
      const healthy = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(healthy.statusCode).toBe(200);
      expect(healthy.json()).toEqual({ status: 'ok' });

      await expectUnavailableWithoutDatabase(t, '/healthz');
    } finally {
      await t.app.close();
    }
  });
});

describe('GET /readyz', () => {
  it('answers 503 while starting and stopping, 200 when ready; other calls wait for start-up', async () => {
    const readiness = new Readiness('starting');
    const t = await buildTestApp({ deps: { readiness } });
    try {
      const readyz = () => t.app.inject({ method: 'GET', url: '/readyz' });
      expect((await readyz()).statusCode).toBe(503);
      expect((await readyz()).json()).toEqual({ status: 'starting' });
      // Liveness is not readiness: the process is alive while it migrates.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const early = await t.app.inject({ method: 'POST', url: '/api/register' });
      expect(early.statusCode).toBe(503);
      expect(early.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });

      readiness.ready();
      expect((await readyz()).statusCode).toBe(200);
      expect((await readyz()).json()).toEqual({ status: 'ready' });
      expect((await t.app.inject({ method: 'POST', url: '/api/register' })).statusCode).toBe(200);

      readiness.stopping();
      expect((await readyz()).statusCode).toBe(503);
      expect((await readyz()).json()).toEqual({ status: 'stopping' });
    } finally {
      await t.close();
    }
  });

  it('answers 503 when the database does not answer', async () => {
    const t = await buildTestApp();
    try {
      await expectUnavailableWithoutDatabase(t, '/readyz');
    } finally {
      await t.app.close();
    }
  });
});
