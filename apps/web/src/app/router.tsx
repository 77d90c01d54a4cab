import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { PublicLayout } from './layout/public-layout';

/** Each screen is its own chunk, so the landing page loads only what it needs. */
const landing = async () => ({ Component: (await import('../features/content/components/landing-page')).LandingPage });

/** Signed-out routes (spec section 2): any path not listed shows the landing page. */
export const publicRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, lazy: landing },
      { path: '*', lazy: landing },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(publicRoutes);
}
