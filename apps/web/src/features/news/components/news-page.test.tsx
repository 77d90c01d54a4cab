import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';

beforeAll(async () => {
  await initI18n('en');
});

describe('news', () => {
  it('lists news newest first and flags the important ones', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        success: true,
        news: [
          { _id: 'a', title: 'Older', content: 'Text A', date: '2026-01-02', important: false },
          { _id: 'b', title: 'Prices change', content: 'Text B', date: '2026-03-04', important: true },
        ],
      }),
    );
    renderApp('/news');
    const items = await screen.findAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Prices change', 'Older']);
    expect(within(items[0] as HTMLElement).getByText('Important')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).queryByText('Important')).not.toBeInTheDocument();
  });

  it('says "No news available at the moment." when there is none', async () => {
    mockFetch(() => jsonResponse(200, { success: true, news: [] }));
    renderApp('/news');
    expect(await screen.findByText('No news available at the moment.')).toBeInTheDocument();
  });

  it('shows the loading error with a retry, and no invented news', async () => {
    let calls = 0;
    mockFetch(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' })
        : jsonResponse(200, { success: true, news: [] });
    });
    renderApp('/news');
    expect(await screen.findByText('Error fetching data')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No news available at the moment.')).toBeInTheDocument();
  });
});
