import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tempDir, type TestApp } from '../../test/helper';

let t: TestApp;
const build = tempDir('portal-web-build-');

/**
 * A stand-in for the web build's server renderer (dist-ssr/entry-server.js, made by `vite build
 * --ssr`, which the tests do not run): the same interface, with the web app's answers for these
 * paths. Which paths are missing, and the page itself, are the web app's tests'.
 */
const RENDERER = `
const page = (lang, text) => '<!doctype html><html lang="' + lang + '"><head><title>' + text + '</title></head><body><div id="root"><h1>' + text + '</h1></div></body></html>';
const APP = new Set(['/proxy', '/history', '/account', '/payment', '/signup', '/stock', '/email/confirm']);
export function createStorefront() {
  return {
    async render(pathname) {
      return pathname === '/' ? page('en', 'Rent proxies') : null;
    },
    async renderNotFound(pathname) {
      if (pathname === '/' || APP.has(pathname)) return null;
      return pathname.startsWith('/ru/') ? page('ru', 'Страница не найдена') : page('en', 'Page not found');
    },
  };
}
`;

beforeAll(async () => {
  const web = path.join(build.dir, 'dist');
  fs.mkdirSync(path.join(web, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(build.dir, 'dist-ssr'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
  fs.writeFileSync(path.join(web, '.vite', 'manifest.json'), '{}');
  fs.writeFileSync(path.join(build.dir, 'dist-ssr', 'entry-server.js'), RENDERER);
  t = await buildTestApp({ deps: { webDist: web } });
});
afterAll(async () => {
  await t.close();
  build.remove();
});

describe('a page nobody has', () => {
  it.each([
    ['/nonexistent', 'Page not found'],
    ['/ru/nothing', 'Страница не найдена'],
    ['/nonexistent?ref=abc', 'Page not found'],
  ])('GET %s answers 404 with the rendered page-not-found page', async (url, heading) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`<h1>${heading}</h1>`);
  });

  it('is compressed like any other page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/nonexistent', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('leaves the landing page at 200 and the app screens with the app shell', async () => {
    const landing = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain('Rent proxies');
    const screen = await t.app.inject({ method: 'GET', url: '/proxy' });
    expect(screen.statusCode).toBe(200);
    expect(screen.body).toContain('<title>portal</title>');
  });

  it('keeps API misses as JSON 404s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nonexistent' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
