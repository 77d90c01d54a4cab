import { STORAGE_KEYS } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import { routes } from '../src/app/router';
import { initI18n } from '../src/lib/i18n';
import { createQueryClient } from '../src/lib/query-client';

/** Renders the whole app (real routes, layouts and toasts) at a path, optionally signed in. */
export function renderApp(path: string, { apiKey }: { apiKey?: string } = {}) {
  if (apiKey) localStorage.setItem(STORAGE_KEYS.apiKey, apiKey);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/**
 * Signed in on /history: clicks a rental's button (Manage, Extend, …) and answers the dialog it opens.
 * The first find waits up to 15 s: the first render of a file also loads the lazy screen chunk.
 */
export async function openFromHistory(button: string, dialog: string): Promise<HTMLElement> {
  renderApp('/history', { apiKey: 'px_test' });
  await userEvent.click(await screen.findByRole('button', { name: button }, { timeout: 15_000 }));
  return screen.findByRole('dialog', { name: dialog });
}

/** The text of each item of a list, in order. */
export function itemTexts(list: HTMLElement): (string | null)[] {
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type Handler = (path: string, init: RequestInit) => Response | Promise<Response>;

/**
 * Fakes the network boundary: each call goes to `handler` with its path; calls are recorded.
 * Unhandled paths answer 404 like the real server does for calls not built yet.
 */
export function mockFetch(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return handler(new URL(url, 'http://localhost').pathname, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A phone: every min-width media query fails, as in a 375 px window (undone by `vi.unstubAllGlobals`). */
export function narrowScreen() {
  vi.stubGlobal(
    'matchMedia',
    (query: string): Pick<MediaQueryList, 'matches' | 'media' | 'addEventListener' | 'removeEventListener'> => ({
      matches: !/min-width/.test(query),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  );
}

/**
 * A test file in English with `namespace` loaded before its first render, and whatever a test
 * stubbed (fetch, the screen's width) or spied on undone after each.
 */
export function inEnglish(namespace: string) {
  beforeAll(async () => {
    const i18n = await initI18n('en');
    await i18n.loadNamespaces(namespace);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
