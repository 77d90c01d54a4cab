import { describe, expect, it } from 'vitest';
import { adminCall, appPerFile, registerCustomer, type TestApp, adminToken } from '../../test/helper';

let t: TestApp;
let token: string;
appPerFile({ env: { ADMIN_LOGIN_RATE_LIMIT: '1000' } }, async (app) => {
  t = app;
  token = await adminToken(app);
});

const add = (payload: object, auth = `Bearer ${token}`) =>
  t.app.inject({ method: 'POST', url: '/api/admin/news/add', headers: { authorization: auth }, payload });
const list = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/news' })).json<{ news: { _id: string; title: string }[] }>();

describe('news', () => {
  it('is public, newest first, and stores markup verbatim (the browser shows it as text)', async () => {
    await add({ title: 'Older', content: 'First', date: '2026-01-02', important: false });
    const xss = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const created = await add({ title: `Prices ${xss}`, content: xss, date: '2026-03-04', important: true });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      success: true,
      news: { title: `Prices ${xss}`, content: xss, important: true },
    });

    const feed = await t.app.inject({ method: 'GET', url: '/api/news' });
    expect(feed.statusCode).toBe(200);
    const items = feed.json<{ news: { title: string; content: string; date: string; important: boolean }[] }>().news;
    expect(items.map((n) => n.date)).toEqual(['2026-03-04', '2026-01-02']);
    expect(items[0]).toMatchObject({ content: xss, important: true });
  });

  it('validates the form: title, content and date are required', async () => {
    for (const payload of [
      { content: 'x', date: '2026-01-01' },
      { title: 'x', date: '2026-01-01' },
      { title: 'x', content: 'x' },
      { title: '  ', content: 'x', date: '2026-01-01' },
      { title: 'x', content: 'x', date: 'yesterday' },
    ]) {
      const response = await add(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    }
    const defaulted = await add({ title: 'No flag', content: 'x', date: '2026-02-01' });
    expect(defaulted.json()).toMatchObject({ news: { important: false } });
  });

  it('deletes by id; unknown ids are 404', async () => {
    const { news } = (await add({ title: 'Gone soon', content: 'x', date: '2026-05-01' })).json<{
      news: { _id: string };
    }>();
    const del = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/admin/news/${id}`, headers: { authorization: `Bearer ${token}` } });
    expect((await del(news._id)).json()).toEqual({ success: true });
    expect((await list()).news.map((n) => n._id)).not.toContain(news._id);
    expect((await del(news._id)).statusCode).toBe(404);
    expect((await del('not-a-number')).statusCode).toBe(404);
  });

  it('refuses the admin calls without a valid token, and customers cannot use their API key', async () => {
    const apiKey = await registerCustomer(t.app);
    expect((await add({ title: 'x', content: 'x', date: '2026-01-01' }, 'Bearer nope')).statusCode).toBe(401);
    const withKey = await t.app.inject({
      method: 'POST',
      url: '/api/admin/news/add',
      headers: { 'x-api-key': apiKey },
      payload: { title: 'x', content: 'x', date: '2026-01-01' },
    });
    expect(withKey.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/news/1' })).statusCode).toBe(401);
  });

  it('records every admin action in the audit log, gift card codes left out', async () => {
    await add({ title: 'Audited', content: 'x', date: '2026-06-01' });
    const cards = await t.app.inject({
      method: 'POST',
      url: '/api/admin/giftcards',
      headers: { authorization: `Bearer ${token}` },
      payload: { amount: 5, count: 2 },
    });
    const codes = cards.json<{ codes: string[] }>().codes;
    const audit = await adminCall(t, token).get('/api/admin/audit');
    const entries = audit.json<{ entries: { actor: string; action: string; details: Record<string, unknown> }[] }>()
      .entries;
    expect(entries[0]).toMatchObject({
      actor: 'api',
      operatorName: 'owner',
      action: 'giftcards.create',
      details: { amount: 5, count: 2 },
    });
    expect(entries[1]).toMatchObject({ action: 'news.add', details: { title: 'Audited' } });
    expect(audit.body).not.toContain(codes[0]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});
