import type { PublicPage } from '@portal/contract';
import type { ComponentType } from 'react';
import { lazyPage } from '../lib/lazy-page';

/** Each public page's screen, loaded on its own (a chunk per screen). */
export const PUBLIC_SCREEN_LOADERS: Record<PublicPage, () => Promise<ComponentType>> = {
  '/': () => import('../features/storefront/components/landing-page').then((m) => m.LandingPage),
  '/news': () => import('../features/news/components/news-page').then((m) => m.NewsPage),
  '/terms': () => import('../features/storefront/components/terms-page').then((m) => m.TermsPage),
  '/support': () => import('../features/storefront/components/support-page').then((m) => m.SupportPage),
  '/login': () => import('../features/accounts/components/login-page').then((m) => m.LoginPage),
  '/articles/setup-proxy': () =>
    import('../features/storefront/components/setup-proxy-page').then((m) => m.SetupProxyPage),
  '/articles/enable-antidetect': () =>
    import('../features/storefront/components/enable-antidetect-page').then((m) => m.EnableAntidetectPage),
  '/articles/router-setup': () =>
    import('../features/storefront/components/router-setup-page').then((m) => m.RouterSetupPage),
};

/**
 * The public pages' screens as lazy components; the full app's routes and the public pages'
 * light shell (public-app.tsx) render the same components.
 */
export const PUBLIC_SCREENS = {} as Record<PublicPage, ComponentType>;
for (const [page, load] of Object.entries(PUBLIC_SCREEN_LOADERS) as [PublicPage, () => Promise<ComponentType>][]) {
  PUBLIC_SCREENS[page] = lazyPage(load, (screen) => screen);
}
