import { LANGUAGES, STORAGE_KEYS, priceCents } from '@portal/contract';
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { itemTexts, jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';
import { forgetStorefrontFacts } from '../../../lib/storefront-facts';

beforeAll(async () => {
  await initI18n('en');
});

function renderAt(path: string) {
  return renderApp(path).router;
}

describe('landing page', () => {
  it('shows the hero with a login button that leads to /login', async () => {
    const router = renderAt('/');
    const hero = (await screen.findByRole('heading', { level: 1 })).closest('section');
    expect(hero).not.toBeNull();
    const login = within(hero as HTMLElement).getByRole('link', { name: 'Log in' });
    await userEvent.click(login);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('leads visitors and customers alike to what is in stock', async () => {
    const router = renderAt('/');
    await userEvent.click(await screen.findByRole('link', { name: 'See what is in stock' }));
    expect(router.state.location.pathname).toBe('/stock');
  });

  it('does not stand in for an unknown path: that says the page was not found', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Clean proxies, rented by the hour' })).toBeNull();
  });

  it('stores ?ref as the referral code', async () => {
    renderAt('/?ref=friend42');
    await screen.findByRole('heading', { level: 1 });
    expect(localStorage.getItem(STORAGE_KEYS.referralCode)).toBe('friend42');
  });

  it('has the ten-question FAQ accordion', async () => {
    renderAt('/');
    const faq = await screen.findByRole('heading', { name: 'Frequently asked questions' });
    const questions = await within(faq.closest('section') as HTMLElement).findAllByRole('button');
    expect(questions).toHaveLength(10);
    expect(questions[0]).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(questions[0] as HTMLElement);
    expect(questions[0]).toHaveAttribute('aria-expanded', 'true');
  });

  it("does not overwrite a signed-in user's own referral code with ?ref", async () => {
    localStorage.setItem(STORAGE_KEYS.referralCode, 'mine');
    renderApp('/?ref=other', { apiKey: 'px_key' });
    await screen.findByRole('heading', { level: 1 });
    expect(localStorage.getItem(STORAGE_KEYS.referralCode)).toBe('mine');
  });

  it('reached inside the app, asks the shop for its figures and states them', async () => {
    forgetStorefrontFacts();
    mockFetch((path) =>
      path === '/api/storefront'
        ? jsonResponse(200, {
            success: true,
            stock: {
              free: 4,
              lowestHourCents: 8,
              countries: 3,
              types: [{ type: 'datacenter', percent: 100 }],
              udpPercent: 0,
            },
            protocols: ['SOCKS5', 'SOCKS4', 'HTTP'],
            rules: {
              maxConnections: 0,
              blockedPorts: [25, 465, 587],
              refundUnavailableHours: 2,
              refundRequestHours: 5,
              maxSourceIps: 5,
              sourceWindowHours: 24,
            },
          })
        : jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' }),
    );
    renderAt('/');
    const figures = await screen.findByRole('list', { name: 'Why customers choose us' });
    expect(itemTexts(figures)).toEqual([
      'From $0.08 per hour',
      'Free proxies in 3 countries',
      '100% datacenter IPs',
      'Protocols: SOCKS5, SOCKS4/4a, HTTP',
    ]);
    expect(document.body.textContent).not.toMatch(/residential/i);
    expect(document.body.textContent).not.toMatch(/\bHTTPS\b|\bUDP\b/);
  });

  it('says which way the fraud score moves the price, the way the price function moves it', async () => {
    // A riskier address (higher score) is cheaper; the pricing used to promise the opposite.
    expect(priceCents(24, 90)).toBeLessThan(priceCents(24, 10));
    renderAt('/');
    expect(
      await screen.findByText(/The higher an IP's fraud score, the lower its price: up to 50% off\./),
    ).toBeInTheDocument();
    const cleanerCheaper = [
      /Cleaner IPs cost less/,
      /Чем чище IP, тем он дешевле/,
      /जितना साफ़ IP, उतनी कम कीमत/,
      /más limpias cuestan menos/,
      /plus propres coûtent moins/,
      /IP 越干净价格越低/,
    ];
    for (const language of LANGUAGES) {
      const file = path.resolve(import.meta.dirname, `../../../locales/${language}/landing.json`);
      const text = (JSON.parse(fs.readFileSync(file, 'utf8')) as { pricing: { text: string } }).pricing.text;
      for (const wrong of cleanerCheaper) expect(text, language).not.toMatch(wrong);
      expect(text, language).toContain('{{maxDiscount}}');
    }
  });

  it('a signed-in visitor is shown the way into the shop, not the sign-up', async () => {
    renderApp('/', { apiKey: 'px_key' });
    const hero = (await screen.findByRole('heading', { level: 1 })).closest('section') as HTMLElement;
    expect(within(hero).getByRole('link', { name: 'Go to the catalogue' })).toHaveAttribute('href', '/proxy');
    expect(within(hero).getByRole('link', { name: 'My proxies' })).toHaveAttribute('href', '/history');
    expect(screen.queryByRole('link', { name: 'Get your API key' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign up now' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See what is in stock' })).toHaveAttribute('href', '/stock');
  });

  it('switches language, stores the choice and sets <html lang>', async () => {
    renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    // The switch changes the language, then moves to the page's address in it (`/ru/`), which
    // renders the page anew: a heading found between the two would be gone a moment later, so
    // each check looks the heading up again until it holds.
    const headline = () => screen.getByRole('heading', { level: 1 });
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'ru');
    await waitFor(() => expect(headline()).toHaveTextContent('Чистые прокси с почасовой арендой'));
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    await userEvent.selectOptions(screen.getByLabelText('Язык'), 'en');
    await waitFor(() => expect(headline()).toHaveTextContent('Clean proxies, rented by the hour'));
  });
});
