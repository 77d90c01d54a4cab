import type { PublicPage } from '@portal/contract';
import type { Namespace } from './i18n';

/**
 * What each public page needs before it can be shown: its screen's source module (the build
 * looks its chunks up in Vite's manifest to preload them and to weigh them against the size
 * budget) and the translation namespaces it reads besides `common`.
 */
export const PUBLIC_PAGE_SOURCES: Record<
  PublicPage,
  {
    module: string;
    namespaces: Namespace[];
    /**
     * Chunks the page loads lazily and hydrates after the rest, announced in its HTML so that
     * they arrive beside the page's own (and a visitor's first click finds them there).
     */
    later?: string[];
  }
> = {
  '/': {
    module: 'src/features/content/components/landing-page.tsx',
    namespaces: ['landing'],
    later: ['src/features/content/components/landing-figures.tsx'],
  },
  '/news': { module: 'src/features/news/components/news-page.tsx', namespaces: ['news'] },
  '/terms': { module: 'src/features/content/components/terms-page.tsx', namespaces: ['terms'] },
  '/support': { module: 'src/features/content/components/support-page.tsx', namespaces: ['support'] },
  '/login': { module: 'src/features/auth/components/login-page.tsx', namespaces: ['auth', 'errors'] },
  '/articles/setup-proxy': {
    module: 'src/features/articles/components/setup-proxy-page.tsx',
    namespaces: ['setupGuide', 'articles'],
  },
  '/articles/enable-antidetect': {
    module: 'src/features/articles/components/enable-antidetect-page.tsx',
    namespaces: ['antidetectGuide', 'articles'],
  },
  '/articles/router-setup': {
    module: 'src/features/articles/components/router-setup-page.tsx',
    namespaces: ['routerGuide', 'articles'],
  },
};
