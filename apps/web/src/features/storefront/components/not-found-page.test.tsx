import { LANGUAGES, PUBLIC_PAGES, localizedPath } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { matchRoutes, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { inEnglish, jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';
import { routes } from '../../../app/router';
import { createStorefront } from '../../../entry-server';
import { notFoundLanguage } from '../../../lib/app-paths';
import { i18n } from '../../../lib/i18n';

inEnglish('meta');
afterEach(async () => {
  await i18n.changeLanguage('en');
});

function server() {
  return mockFetch((path) => {
    if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 20 });
    return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
}

describe('an address no page answers', () => {
  it('says the page was not found, in English, inside the site frame, with a link home', async () => {
    server();
    const { router } = renderApp('/nonexistent');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Open the proxy catalogue' })).toBeNull();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/nonexistent');
  });

  it('says it in Russian under the Russian prefix, with a link to the Russian home page', async () => {
    server();
    renderApp('/ru/nothing');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/ru/');
  });

  it('keeps a signed-in customer on the address and offers the catalogue too', async () => {
    server();
    const { router } = renderApp('/nonexistent', { apiKey: 'px_test' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the proxy catalogue' })).toHaveAttribute('href', '/proxy');
    expect(router.state.location.pathname).toBe('/nonexistent');
  });

  it('gets a not-found title and keeps search engines away', async () => {
    server();
    renderApp('/nonexistent');
    await waitFor(() => expect(document.title).toBe('Page not found | ProxyPort'), { timeout: 15_000 });
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

/** The deepest route the router picks for a path: the page-not-found route has the path `*`. */
const routeAt = (path: string): RouteObject | undefined => matchRoutes(routes, path)?.at(-1)?.route;

describe('which addresses are missing', () => {
  it('agrees with the router: every screen it has is a page, everything else is missing', () => {
    const screens = ['/signup', '/stock', '/account', '/email/confirm', '/proxy', '/history', '/payment', '/pay/x'];
    const publicPaths = LANGUAGES.flatMap((language) => PUBLIC_PAGES.map((page) => localizedPath(language, page)));
    for (const path of [...screens, ...publicPaths, '/admin', '/proxy/', '/ru']) {
      expect(notFoundLanguage(path), path).toBeNull();
      expect(routeAt(path)?.path, path).not.toBe('*');
    }
    // The router's own table: each screen under the site frame is one the list knows.
    const frame = routes.find((route) => route.path === undefined)?.children?.[0]?.children ?? [];
    for (const route of frame) {
      if (route.path && route.path !== '*' && !LANGUAGES.some((language) => language === route.path)) {
        expect(notFoundLanguage(`/${route.path}`), route.path).toBeNull();
      }
    }
    for (const [path, language] of [
      ['/nonexistent', 'en'],
      ['/ru/nothing', 'ru'],
      ['/zh-CN/a/b', 'zh-CN'],
      ['/proxyx', 'en'],
    ] as const) {
      expect(notFoundLanguage(path), path).toBe(language);
      expect(routeAt(path)?.path, path).toBe('*');
    }
  });
});

describe('the server-rendered page-not-found page', () => {
  const storefront = createStorefront({
    template:
      '<!doctype html><html lang="en"><head><title>x</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>',
    manifest: {},
    publicUrl: 'https://shop.example',
  });

  it('is a complete document in the address language, not for search engines', async () => {
    const en = (await storefront.renderNotFound('/nonexistent')) ?? '';
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('<title>Page not found | ProxyPort</title>');
    expect(en).toContain('<meta name="robots" content="noindex" />');
    expect(en).toContain('Go to the home page');
    expect(en).not.toContain('<script');
    const ru = (await storefront.renderNotFound('/ru/nothing')) ?? '';
    expect(ru).toContain('<html lang="ru">');
    expect(ru).toContain('Страница не найдена');
  });

  it('leaves the app screens and the public pages alone', async () => {
    for (const path of ['/proxy', '/admin/news', '/news', '/ru/']) {
      expect(await storefront.renderNotFound(path), path).toBeNull();
    }
  });
});
