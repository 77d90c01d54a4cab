import { STORAGE_KEYS, type NewsItem } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';
import { meAnswer } from '../../../../test/console';

beforeAll(async () => {
  await initI18n('en');
});

// Sonner keeps toasts in module state and replays them to the next Toaster: each test starts clean.
afterEach(() => {
  toast.dismiss();
});

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token');
});

const OLDER: NewsItem = { _id: '1', title: 'Older', content: 'Text A', date: '2026-01-02', important: false };
const NEWER: NewsItem = { _id: '2', title: 'Prices change', content: 'Text B', date: '2026-03-04', important: true };

interface Server {
  news: NewsItem[];
  add?: (body: Record<string, unknown>) => Response;
  remove?: (id: string) => Response;
}

/** A fake of the server's news calls: the list follows what add and delete did. */
function fakeServer(server: Server) {
  return mockFetch((path, init) => {
    if (path === '/api/admin/verify' || path === '/api/admin/logout') return jsonResponse(200, { success: true });
    if (path === '/api/admin/me') return meAnswer();
    if (path === '/api/news') return jsonResponse(200, { success: true, news: server.news });
    if (path === '/api/admin/news/add' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      if (server.add) return server.add(body);
      const item = { ...(body as Omit<NewsItem, '_id'>), _id: String(server.news.length + 10) };
      server.news = [item, ...server.news];
      return jsonResponse(200, { success: true, news: item });
    }
    const deleted = /^\/api\/admin\/news\/(.+)$/.exec(path);
    if (deleted?.[1] && init.method === 'DELETE') {
      if (server.remove) return server.remove(deleted[1]);
      server.news = server.news.filter((item) => item._id !== deleted[1]);
      return jsonResponse(200, { success: true });
    }
    return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
}

const callsTo = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === path);

function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

async function openPage() {
  const view = renderApp('/admin/news');
  await screen.findByRole('heading', { name: 'News Management' });
  return view;
}

const field = (name: string) => screen.getByLabelText(name);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Add news' }));

async function fillForm({ title = '', content = '' }: { title?: string; content?: string }) {
  if (title) await userEvent.type(field('Title'), title);
  if (content) await userEvent.type(field('Content'), content);
}

/** With no news yet and the add call answering `answer`: opens the page, types the form and submits it. */
async function submitWhenAddAnswers(answer: () => Response, form: { title: string; content: string }) {
  fakeServer({ news: [], add: answer });
  await openPage();
  await fillForm(form);
  await submit();
}

describe('News Management', () => {
  it('lists news newest first, flags the important ones, inside the console frame', async () => {
    fakeServer({ news: [OLDER, NEWER] });
    await openPage();
    const items = await screen.findAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Prices change', 'Older']);
    expect(within(items[0]!).getByText('Important')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Important')).not.toBeInTheDocument();
    // The console's own navigation frames the screen, News marked as the current one.
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Inventory' })).toHaveAttribute('href', '/admin/inventory');
  });

  it('starts with today as the date and important unchecked', async () => {
    fakeServer({ news: [] });
    await openPage();
    expect(field('Date')).toHaveValue(localToday());
    expect(field('Important')).not.toBeChecked();
    expect(await screen.findByText('No news yet.')).toBeInTheDocument();
  });

  it.each([
    ['title', { content: 'Body' }, 'Title is required', 'Title'],
    ['content', { title: 'Heading' }, 'Content is required', 'Content'],
    ['blank title', { title: '   ', content: 'Body' }, 'Title is required', 'Title'],
  ])('refuses a missing %s with an inline message, without calling the server', async (_, values, message, label) => {
    const fetchMock = fakeServer({ news: [] });
    await openPage();
    await fillForm(values);
    await submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field(label)).toHaveAccessibleDescription(message);
    expect(field(label)).toHaveFocus();
    expect(callsTo(fetchMock, '/api/admin/news/add')).toHaveLength(0);
  });

  it('refuses a missing date, and names every missing field at once', async () => {
    const fetchMock = fakeServer({ news: [] });
    await openPage();
    fireEvent.change(field('Date'), { target: { value: '' } });
    await submit();
    expect(await screen.findByText('Date is required')).toBeInTheDocument();
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Content is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/news/add')).toHaveLength(0);
    // Fixing a field clears its message.
    await userEvent.type(field('Title'), 'T');
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
  });

  it("adds news: sends the form, says 'News added successfully!', refreshes the list and resets the form", async () => {
    const server: Server = { news: [OLDER] };
    const fetchMock = fakeServer(server);
    await openPage();
    await screen.findByText('Older');
    await fillForm({ title: '  Maintenance  ', content: 'Gateway restart at noon' });
    fireEvent.change(field('Date'), { target: { value: '2026-05-06' } });
    await userEvent.click(field('Important'));
    await submit();

    expect(await screen.findByText('News added successfully!')).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, '/api/admin/news/add')[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({
      title: 'Maintenance',
      content: 'Gateway restart at noon',
      date: '2026-05-06',
      important: true,
    });
    expect(new Headers(init!.headers).get('authorization')).toBe('Bearer admin-token');
    const added = await screen.findByRole('heading', { name: 'Maintenance' });
    expect(within(added.closest('article')!).getByText('Important')).toBeInTheDocument();
    expect(field('Title')).toHaveValue('');
    expect(field('Content')).toHaveValue('');
    expect(field('Date')).toHaveValue(localToday());
    expect(field('Important')).not.toBeChecked();
  });

  it("says 'Failed to add news. Please try again.' and keeps what was typed", async () => {
    await submitWhenAddAnswers(() => jsonResponse(500, { success: false, error: 'Internal error', code: 'INTERNAL' }), {
      title: 'Kept',
      content: 'Still here',
    });
    expect(await screen.findByText('Failed to add news. Please try again.')).toBeInTheDocument();
    expect(field('Title')).toHaveValue('Kept');
    expect(field('Content')).toHaveValue('Still here');
  });

  it('asks for confirmation before deleting, and deletes only on confirm', async () => {
    const fetchMock = fakeServer({ news: [OLDER, NEWER] });
    await openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Older”' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this news item?' });
    expect(dialog).toHaveTextContent('“Older” will be removed from the public news page');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete “Older”' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this news item?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('News deleted successfully!')).toBeInTheDocument();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([url]) => String(url))).toEqual(['/api/admin/news/1']);
    expect(new Headers(deletes[0]![1]!.headers).get('authorization')).toBe('Bearer admin-token');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Older' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Prices change' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'Failed to delete news. Please try again.' and keeps the item", async () => {
    fakeServer({
      news: [OLDER],
      remove: () => jsonResponse(404, { success: false, error: 'News item not found', code: 'NOT_FOUND' }),
    });
    await openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Older”' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete news. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Older' })).toBeInTheDocument();
  });

  it('an expired token on add removes it and asks for the secret code again', async () => {
    await submitWhenAddAnswers(
      () => jsonResponse(401, { success: false, error: 'expired', code: 'ADMIN_TOKEN_INVALID' }),
      { title: 'T', content: 'C' },
    );
    expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    expect(await screen.findByText('Failed to add news. Please try again.')).toBeInTheDocument();
  });

  it('Log out ends the token on the server, removes it and lands on /news', async () => {
    const fetchMock = fakeServer({ news: [NEWER] });
    const { router } = await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull());
    const [logout] = callsTo(fetchMock, '/api/admin/logout');
    expect(logout?.[1]?.method).toBe('POST');
    expect(new Headers(logout?.[1]?.headers).get('authorization')).toBe('Bearer admin-token');
    await waitFor(() => expect(router.state.location.pathname).toBe('/news'));
    expect(await screen.findByRole('heading', { name: 'News', level: 1 })).toBeInTheDocument();
  });

  it('shows markup in titles and contents as text, never as elements', async () => {
    const title = '<img src=x onerror="window.__xss=1">';
    const content = '<script>window.__xss=1</script><b>bold</b>';
    fakeServer({ news: [{ _id: '9', title, content, date: '2026-02-02', important: true }] });
    const { container } = await openPage();
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(content)).toBeInTheDocument();
    expect(container.querySelector('img, script, b')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: `Delete “${title}”` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(title);
    expect(dialog.querySelector('img')).toBeNull();
  });
});
