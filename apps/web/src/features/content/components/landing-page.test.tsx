import { STORAGE_KEYS } from '@portal/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicRoutes } from '../../../app/router';
import { initI18n } from '../../../lib/i18n';

beforeAll(async () => {
  await initI18n('en');
});

function renderAt(path: string) {
  const router = createMemoryRouter(publicRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
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

  it('shows for any unknown path when signed out', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Clean proxies, rented by the hour' })).toBeInTheDocument();
  });

  it('stores ?ref as the referral code', async () => {
    renderAt('/?ref=friend42');
    await screen.findByRole('heading', { level: 1 });
    expect(localStorage.getItem(STORAGE_KEYS.referralCode)).toBe('friend42');
  });

  it('switches language, stores the choice and sets <html lang>', async () => {
    renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'ru');
    expect(await screen.findByRole('heading', { name: 'Чистые прокси с почасовой арендой' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    await userEvent.selectOptions(screen.getByLabelText('Язык'), 'en');
    expect(await screen.findByRole('heading', { name: 'Clean proxies, rented by the hour' })).toBeInTheDocument();
  });
});
