import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';
import { consoleApi, meAnswer, overview, setupConsoleTests } from '../../../../test/console';

setupConsoleTests();

/** The names of the console navigation's links, once it shows. */
async function consoleLinkNames() {
  const nav = await screen.findByRole('navigation', { name: 'Console' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('console layout', () => {
  it('asks for the secret code when not signed in', async () => {
    mockFetch(() => jsonResponse(404, { success: false, error: 'Not found' }));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
  });

  it('links every screen and marks the current one', async () => {
    consoleApi({
      'GET /api/admin/overview': () => jsonResponse(200, overview()),
      'GET /api/admin/audit': () => jsonResponse(200, { success: true, entries: [] }),
    });
    renderApp('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(names).toEqual([
      ['Overview', '/admin'],
      ['Inventory', '/admin/inventory'],
      ['Nodes', '/admin/nodes'],
      ['Customers', '/admin/customers'],
      ['Gift cards', '/admin/giftcards'],
      ['Audit log', '/admin/audit'],
      ['Replacements', '/admin/replacements'],
      ['Notices', '/admin/notices'],
      ['Operators', '/admin/operators'],
      ['News', '/admin/news'],
      ['My account', '/admin/security'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(nav).getByRole('link', { name: 'Audit log' }));
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 1 })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
  });

  it('shows a support operator only the screens of the role, and leads other addresses there', async () => {
    consoleApi({
      'GET /api/admin/me': () => meAnswer({ id: 7, name: 'Sam', role: 'support', builtin: false }),
      'GET /api/admin/customers': () => jsonResponse(200, { success: true, customers: [] }),
    });
    const { router } = renderApp('/admin');
    expect(await consoleLinkNames()).toEqual(['Customers', 'Replacements', 'Notices', 'My account']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/customers'));
    expect(screen.getByTestId('signed-in-as')).toHaveTextContent('Sam (Support)');
    await router.navigate('/admin/giftcards');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/customers'));
  });

  it('shows a manager the gift cards without the form that makes them', async () => {
    consoleApi({
      'GET /api/admin/me': () => meAnswer({ id: 8, name: 'Max', role: 'manager', builtin: false }),
      'GET /api/admin/giftcards': () => jsonResponse(200, { success: true, giftcards: [] }),
    });
    renderApp('/admin/giftcards');
    expect(await consoleLinkNames()).toEqual([
      'Overview',
      'Inventory',
      'Nodes',
      'Customers',
      'Gift cards',
      'Replacements',
      'Notices',
      'News',
      'My account',
    ]);
    expect(await screen.findByRole('heading', { name: 'Gift cards', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  });

  it('while the owner requires an authenticator, shows an operator without one only its setup', async () => {
    consoleApi({ 'GET /api/admin/me': () => meAnswer({ id: 9, name: 'Fay', role: 'finance', builtin: false }, true) });
    const { router } = renderApp('/admin');
    expect(await consoleLinkNames()).toEqual(['My account']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/security'));
    expect(await screen.findByText(/The owner requires an authenticator app/)).toBeInTheDocument();
  });

  it('keeps Customers marked on a customer page', async () => {
    consoleApi({});
    renderApp('/admin/customers/abc');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('There is no customer with this ID.')).toBeInTheDocument();
  });

  it('logs out: the token goes and the operator lands on the news', async () => {
    consoleApi({ 'GET /api/admin/overview': () => jsonResponse(200, overview()) });
    const { router } = renderApp('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull());
    await waitFor(() => expect(router.state.location.pathname).toBe('/news'));
  });

  it('on a phone puts the screens, the name and log-out behind one menu button that closes on a pick', async () => {
    consoleApi({
      'GET /api/admin/overview': () => jsonResponse(200, overview()),
      'GET /api/admin/audit': () => jsonResponse(200, { success: true, entries: [] }),
    });
    renderApp('/admin');
    // The phone header names the screen in full, wrapping if it must ("Operado…" was cut at 375 px).
    expect(await screen.findByTestId('current-screen')).toHaveTextContent('Overview');
    expect(screen.getByTestId('current-screen')).not.toHaveClass('truncate');
    expect(screen.getByTestId('current-screen')).toHaveClass('basis-full');
    await userEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Operator console' });
    expect(within(menu).getByText('owner (Owner)')).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    const nav = within(menu).getByRole('navigation', { name: 'Console menu' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Audit log' }));
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Operator console' })).not.toBeInTheDocument());
  });
});
