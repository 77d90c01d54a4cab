import { parsePublicPath } from '@portal/contract';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { newsKeys } from './features/news/api/keys';
import { i18n, initI18n, storedLanguage } from './lib/i18n';
import { redirectForSavedLanguage } from './lib/localized-path';
import { PUBLIC_PAGE_SOURCES } from './lib/public-page-sources';
import { createQueryClient } from './lib/query-client';
import { readPageData } from './ssr/page-data';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

async function start(container: HTMLElement) {
  // A visitor who chose another language goes to this page in it before anything renders.
  const redirect = redirectForSavedLanguage(window.location);
  if (redirect) {
    window.location.replace(redirect);
    return;
  }
  const publicPage = parsePublicPath(window.location.pathname);
  await initI18n(publicPage?.language ?? storedLanguage());
  const app = (queryClient?: ReturnType<typeof createQueryClient>) => (
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>
  );
  // Issue 17: public pages arrive as HTML. Hydration must render the same text, so the page's
  // translations and the data the server used are in place first.
  if (publicPage && container.firstElementChild) {
    await i18n.loadNamespaces(PUBLIC_PAGE_SOURCES[publicPage.page].namespaces);
    const queryClient = createQueryClient();
    const { news } = readPageData();
    if (news) queryClient.setQueryData(newsKeys.list(), news);
    hydrateRoot(container, app(queryClient));
  } else {
    createRoot(container).render(app());
  }
}

void start(root);
