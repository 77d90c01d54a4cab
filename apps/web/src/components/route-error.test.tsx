import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { lazyPage } from '../lib/lazy-page';
import { RouteError } from './route-error';

beforeAll(async () => {
  await initI18n('en');
});

it('a screen whose script chunk fails to load shows "Loading chunk failed" with a reload button', async () => {
  // React reports the caught render error; this test expects exactly that error.
  vi.mocked(console.error).mockImplementation(() => undefined);
  const Broken = lazyPage(
    () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    () => () => null,
  );
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <Suspense>
            <Broken />
          </Suspense>
        ),
        errorElement: <RouteError />,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  expect(await screen.findByRole('heading', { name: 'Loading chunk failed' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
});
