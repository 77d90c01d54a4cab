import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PublicApp } from '../app/public-app';
import enCommon from '../locales/en/common.json';
import enLanding from '../locales/en/landing.json';
import enMeta from '../locales/en/meta.json';
import enNews from '../locales/en/news.json';
import enTerms from '../locales/en/terms.json';
import ruTerms from '../locales/ru/terms.json';
import { jsonResponse, mockFetch, renderApp } from '../../test/render-app';
import { initI18n } from './i18n';

const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content');

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  localStorage.clear();
  document.title = 'ProxyPort';
  document.head.innerHTML = '<meta name="description" content="from the server" />';
  mockFetch((path) =>
    path === '/api/news'
      ? jsonResponse(200, { success: true, news: [] })
      : jsonResponse(200, { success: true, wallet: 1 }),
  );
});

describe('the title and description follow client-side moves', () => {
  it('in the public pages’ light shell, between public pages and languages', async () => {
    window.history.replaceState(null, '', '/');
    render(<PublicApp />);
    await waitFor(() => expect(document.title).toBe(`${enCommon.brand}: ${enLanding.hero.title}`));
    expect(description()).toBe(enLanding.hero.subtitle);

    const footer = await screen.findByRole('navigation', { name: enCommon.footer.links });
    await userEvent.click(footer.querySelector('a[href="/terms"]') as HTMLElement);
    await waitFor(() => expect(document.title).toBe(`${enTerms.title} | ${enCommon.brand}`));
    expect(description()).toBe(enTerms.intro);
    expect(window.location.pathname).toBe('/terms');

    await userEvent.selectOptions(screen.getByLabelText(enCommon.language.label), 'ru');
    await waitFor(() => expect(document.title).toBe(`${ruTerms.title} | ProxyPort`));
    expect(window.location.pathname).toBe('/ru/terms');
  });

  it('in the full app, from a public page to a signed-in screen', async () => {
    const { router } = renderApp('/news', { apiKey: 'px_key' });
    await waitFor(() => expect(document.title).toBe(`${enNews.title} | ${enCommon.brand}`));
    expect(description()).toBe(enMeta.newsDescription);
    await router.navigate('/history');
    await waitFor(() => expect(document.title).toBe(`${enCommon.nav.history} | ${enCommon.brand}`));
    expect(description()).toBe(enLanding.hero.subtitle);
  });
});
