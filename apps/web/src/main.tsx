import { parsePublicPath } from '@portal/contract';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PublicApp } from './app/public-app';
import { PUBLIC_SCREEN_LOADERS } from './app/public-screens';
import { languagePrefixOf } from './lib/app-paths';
import { initI18n, i18n, storedLanguage } from './lib/i18n';
import { redirectForSavedLanguage } from './lib/localized-path';
import { PUBLIC_PAGE_NAMESPACES } from './lib/public-page-namespaces';
import { HydrationDone, hydrationStarted } from './lib/hydration';
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
  // public pages arrive as HTML and hydrate the light shell (app/public-app.tsx), which
  // must render the same text, so the page's translations are in place first; the news the server
  // rendered /news with is read from the page by the query client (lib/query-client.ts).
  if (publicPage && container.firstElementChild) {
    const [Screen] = await Promise.all([
      PUBLIC_SCREEN_LOADERS[publicPage.page](),
      initI18n(publicPage.language, { lean: true }).then(() =>
        i18n.loadNamespaces(PUBLIC_PAGE_NAMESPACES[publicPage.page]),
      ),
    ]);
    hydrationStarted();
    hydrateRoot(
      container,
      <StrictMode>
        <PublicApp loaded={{ page: publicPage.page, Screen }} afterPage={<HydrationDone />} />
      </StrictMode>,
      // A mismatch React recovers from (by rendering a part again on the client, a layout shift)
      // is reported through the console, where the browser tests look for warnings.
      { onRecoverableError: (error) => console.error('Hydration', error) },
    );
    return;
  }
  const [{ App }] = await Promise.all([
    import('./app/app'),
    initI18n(
      // An address no page answers under a language's prefix (`/ru/nothing`) says so in that language.
      publicPage?.language ?? languagePrefixOf(window.location.pathname) ?? storedLanguage(),
    ),
  ]);
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start(root);
