import type { PublicPage } from '@portal/contract';
import type { Namespace } from './i18n';

/**
 * The translation namespaces each public page reads besides `common`: loaded before the page
 * hydrates (src/main.tsx), announced in its HTML and weighed against the size budget. Kept apart
 * from the pages' source modules (public-page-sources.ts), which only the build and the server
 * renderer read, so the browser's first script does not carry their paths.
 */
export const PUBLIC_PAGE_NAMESPACES: Record<PublicPage, Namespace[]> = {
  '/': ['landing'],
  '/news': ['news'],
  '/terms': ['terms'],
  '/support': ['support'],
  '/login': ['auth'],
  '/articles/setup-proxy': ['setupGuide', 'articles'],
  '/articles/enable-antidetect': ['antidetectGuide', 'articles'],
  '/articles/router-setup': ['routerGuide', 'articles'],
};
