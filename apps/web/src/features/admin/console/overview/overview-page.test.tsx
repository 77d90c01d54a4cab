import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../../../test/render-app';
import { consoleApi, overview, setupConsoleTests } from '../../../../../test/console';
import { i18n } from '../../../../lib/i18n';
import { niceMax } from './revenue-chart';

setupConsoleTests();

describe('overview', () => {
  it('shows the counts, balances and pending payments', async () => {
    consoleApi({ 'GET /api/admin/overview': () => jsonResponse(200, overview()) });
    renderApp('/admin');
    expect(await screen.findByTestId('stat-customers')).toHaveTextContent('1,234');
    expect(screen.getByTestId('stat-balance')).toHaveTextContent('$5678.90');
    expect(screen.getByTestId('stat-pending')).toHaveTextContent('2 for $30.00');
    const inventory = screen.getByRole('heading', { name: 'Inventory' }).closest('section') as HTMLElement;
    expect(within(inventory).getByText('Free').nextSibling).toHaveTextContent('150');
    expect(within(inventory).getByText('Disabled').nextSibling).toHaveTextContent('4');
    const rentals = screen.getByRole('heading', { name: 'Rentals by status' }).closest('section') as HTMLElement;
    expect(within(rentals).getByText('Connected').nextSibling).toHaveTextContent('7');
    expect(within(rentals).getByText('Expired').nextSibling).toHaveTextContent('40');
  });

  it('names as many days as it draws, in its title and its legend', async () => {
    const data = overview();
    data.revenue = data.revenue.slice(-7);
    consoleApi({ 'GET /api/admin/overview': () => jsonResponse(200, data) });
    renderApp('/admin');

    expect(await screen.findByRole('img', { name: /Money by day, last 7 days/ })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Chart legend with 7-day totals' })).toBeInTheDocument();
  });

  it('says one day in the singular, and each language its own plural form', async () => {
    const data = overview();
    data.revenue = data.revenue.slice(-1);
    consoleApi({ 'GET /api/admin/overview': () => jsonResponse(200, data) });
    renderApp('/admin');
    expect(await screen.findByRole('img', { name: /Money by day, last 1 day \(UTC\)/ })).toBeInTheDocument();

    await i18n.loadLanguages('ru');
    await i18n.loadNamespaces('console');
    const russian = i18n.getFixedT('ru', 'console');
    expect([1, 3, 5, 21, 30].map((count) => russian('overview.revenue.title', { count }))).toEqual([
      'Деньги по дням, последний 1 день (UTC)',
      'Деньги по дням, последние 3 дня (UTC)',
      'Деньги по дням, последние 5 дней (UTC)',
      'Деньги по дням, последний 21 день (UTC)',
      'Деньги по дням, последние 30 дней (UTC)',
    ]);
  });

  it('draws the 30 days as a labelled chart with the same numbers in a table', async () => {
    const data = overview();
    data.revenue[29] = { date: '2026-03-30', deposits: 120, giftcards: 25, purchases: 80.5, refunds: 4.25 };
    data.revenue[0] = { date: '2026-03-01', deposits: 10, giftcards: 0, purchases: 0, refunds: 0 };
    consoleApi({ 'GET /api/admin/overview': () => jsonResponse(200, data) });
    renderApp('/admin');

    const chart = await screen.findByRole('img', { name: /Money by day, last 30 days/ });
    // 30 days, four series each; the tallest bar (deposits $120) reaches a $200 axis.
    expect(chart.querySelectorAll('rect')).toHaveLength(120);
    expect(within(chart).getByText('$200.00')).toBeInTheDocument();
    expect(chart.querySelector('rect title')?.textContent).toBe('March 1, 2026, Deposits: $10.00');
    expect(screen.getByText('Deposits: $130.00')).toBeInTheDocument();
    // Never scaled below its own width (a phone scrolls it, by keys too), so its labels stay 11 px.
    const scroller = screen.getByRole('region', { name: 'Chart: money by day' });
    expect(scroller).toContainElement(chart);
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(chart).toHaveStyle({ minWidth: '720px' });

    // The table is there for screen readers from the start, and can be shown.
    const table = screen.getByRole('table', { name: 'Money by day' });
    const lastDay = within(table).getByRole('rowheader', { name: 'March 30, 2026' }).closest('tr') as HTMLElement;
    expect(
      within(lastDay)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$120.00', '$25.00', '$80.50', '$4.25']);
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Money by day (table)' })).toBeInTheDocument();
  });

  it('says what failed and retries', async () => {
    let calls = 0;
    consoleApi({
      'GET /api/admin/overview': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(404, { success: false, error: 'Route not found', code: 'NOT_FOUND' })
          : jsonResponse(200, overview());
      },
    });
    renderApp('/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('stat-customers')).toHaveTextContent('1,234');
  });
});

describe('niceMax', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 0.3, 1, 1.5, 3, 7, 12, 120, 999].map(niceMax)).toEqual([1, 0.5, 1, 2, 5, 10, 20, 200, 1000]);
  });
});
