import type { PublicPage } from '@portal/contract';

/**
 * Each public page's screen as a source module, for the build and the server renderer only: the
 * build looks its chunks up in Vite's manifest to weigh them against the size budget, and the
 * server to preload them with the page's HTML. The translations each page needs are in
 * public-page-namespaces.ts.
 */
export const PUBLIC_PAGE_SOURCES: Record<
  PublicPage,
  {
    module: string;
    /**
     * Chunks the page loads lazily and hydrates after the rest, announced in its HTML so that
     * they arrive beside the page's own (and a visitor's first click finds them there).
     */
    later?: string[];
  }
> = {
  '/': {
    module: 'src/features/storefront/components/landing-page.tsx',
    later: ['src/features/storefront/components/landing-figures.tsx'],
  },
  '/news': { module: 'src/features/news/components/news-page.tsx' },
  '/terms': { module: 'src/features/storefront/components/terms-page.tsx' },
  '/support': { module: 'src/features/storefront/components/support-page.tsx' },
  '/login': { module: 'src/features/accounts/components/login-page.tsx' },
  '/articles/setup-proxy': { module: 'src/features/storefront/components/setup-proxy-page.tsx' },
  '/articles/enable-antidetect': { module: 'src/features/storefront/components/enable-antidetect-page.tsx' },
  '/articles/router-setup': { module: 'src/features/storefront/components/router-setup-page.tsx' },
};
