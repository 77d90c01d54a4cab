import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  parsePublicPath,
  type Language,
  type NewsItem,
  type StorefrontFacts,
} from '@portal/contract';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { PublicApp } from './app/public-app';
import { PublicHeader } from './app/layout/public-header';
import { SiteFrame } from './app/layout/site-frame';
import { NotFoundPage } from './features/storefront/components/not-found-page';
import { notFoundLanguage } from './lib/app-paths';
import { NavProvider, PublicShellProvider, type NavLocation } from './lib/nav';
import { ServerStorefrontContext } from './lib/storefront-facts';
import { ServerSupportContactContext } from './features/storefront/api/use-support-contact';
import { ServerNewsContext } from './features/news/api/use-public-news';
import { NAMESPACES } from './lib/i18n';
import { PUBLIC_PAGE_NAMESPACES } from './lib/public-page-namespaces';
import { PUBLIC_PAGE_SOURCES } from './lib/public-page-sources';
import { HEAD_NAMESPACES, escapeHtml, pageHead } from './ssr/head';
import { localeSource, scriptsOf, type Manifest } from './ssr/manifest';
import { serializePageData, type PageData } from './ssr/page-data';

/**
 * The storefront's server renderer, built by `vite build --ssr` into dist-ssr and
 * loaded by the API server: it turns a public page's address into the complete HTML document,
 * which the browser then hydrates (src/main.tsx).
 */
export interface StorefrontOptions {
  /** dist/index.html of the client build: its scripts and styles. */
  template: string;
  /** dist/.vite/manifest.json of the client build: which chunks a page needs. */
  manifest: Manifest;
  /** The site's public address, for canonical and alternate links (PUBLIC_URL). */
  publicUrl: string;
}

export interface Storefront {
  /**
   * The HTML of a public page, or null when the path is not one. `news` is the list /news shows,
   * `storefront` the figures the landing and the terms state, `supportContact` the address /support states.
   */
  render(
    pathname: string,
    data?: { news?: NewsItem[]; storefront?: StorefrontFacts; supportContact?: string },
  ): Promise<string | null>;
  /**
   * The page-not-found page (in the language of the path's prefix) for a path no page of the app
   * answers, or null when one does: the app's own screens are served by the app shell.
   */
  renderNotFound(pathname: string): Promise<string | null>;
}

/** The pages that state the shop's figures. */
const STOREFRONT_PAGES: ReadonlySet<string> = new Set(['/', '/terms']);

const localeFiles = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });

function resourcesOf(language: Language): Resource {
  return {
    [language]: Object.fromEntries(NAMESPACES.map((ns) => [ns, localeFiles[`./locales/${language}/${ns}.json`] ?? {}])),
  };
}

/** One i18next instance per language, every namespace loaded at once: rendering never waits for a file. */
const instances = new Map<Language, I18n>();
function translator(language: Language): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: language,
      // As in the browser (src/lib/i18n.ts), so the two render the same text.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      resources: resourcesOf(language),
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
    instances.set(language, instance);
  }
  return instance;
}

async function renderApp(url: string, instance: I18n, data: PageData, notFound = false): Promise<string> {
  const { pathname, search, hash } = new URL(url);
  const location = { pathname, search, hash };
  // The same tree the browser hydrates: the public pages' light shell (src/app/public-app.tsx). The
  // browser renders a page-not-found page afresh with the full app, in the same frame.
  const app = notFound ? <NotFoundApp location={location} /> : <PublicApp initialLocation={location} />;
  const { prelude } = await prerender(
    <StrictMode>
      <I18nextProvider i18n={instance}>
        <ServerNewsContext.Provider value={data.news ?? null}>
          <ServerStorefrontContext.Provider value={data.storefront ?? null}>
            <ServerSupportContactContext.Provider value={data.supportContact ?? null}>
              {app}
            </ServerSupportContactContext.Provider>
          </ServerStorefrontContext.Provider>
        </ServerNewsContext.Provider>
      </I18nextProvider>
    </StrictMode>,
    // React moves a large Suspense boundary's content to the end of the document with an inline
    // script to put it in place; the CSP forbids inline scripts, and crawlers should read it in place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

const stayPut = () => undefined;

function NotFoundApp({ location }: { location: NavLocation }) {
  return (
    <PublicShellProvider value>
      <NavProvider value={{ location, navigate: stayPut }}>
        <SiteFrame header={<PublicHeader />}>
          <NotFoundPage />
        </SiteFrame>
      </NavProvider>
    </PublicShellProvider>
  );
}

/**
 * A screen's chunk loads the first time it renders, and that render suspends: React then sends
 * the screen apart with an inline script to put it in place, which the CSP forbids. Once loaded,
 * the next render is complete, so a page renders again until it has no script. The CSP refuses
 * style attributes in HTML too (the browser would drop them and log an error); the only ones are
 * Radix's unused CSS variables, which React sets again through the DOM. React escapes quotes in
 * text, so this matches attributes only.
 */
async function renderComplete(url: string, instance: I18n, data: PageData, notFound = false): Promise<string> {
  let body = await renderApp(url, instance, data, notFound);
  for (let attempt = 0; body.includes('<script') && attempt < 3; attempt += 1) {
    body = await renderApp(url, instance, data, notFound);
  }
  if (body.includes('<script')) throw new Error(`${new URL(url).pathname} did not render completely`);
  return body.replace(/ style="[^"]*"/g, '');
}

export function createStorefront({ template, manifest, publicUrl }: StorefrontOptions): Storefront {
  const origin = publicUrl.replace(/\/+$/, '');
  // index.html already loads the entry and preloads its imports.
  const inTemplate = new Set(scriptsOf(manifest, ['index.html']));
  /** The template in `language`, with `head` for its title and description and `root` inside #root. */
  const pageDocument = (language: Language, head: string, root: string, after = ''): string =>
    template
      .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
      .replace(/<title>[^<]*<\/title>\s*/, '')
      .replace(/<meta name="description"[^>]*>\s*/, '')
      .replace('</head>', `  ${head}\n  </head>`)
      .replace('<div id="root"></div>', `<div id="root">${root}</div>${after}`);
  const notFoundPages = new Map<Language, Promise<string>>();
  const renderNotFoundPage = async (language: Language): Promise<string> => {
    const instance = translator(language);
    const t = instance.getFixedT(language, HEAD_NAMESPACES);
    // Rendered at a path of its own: the frame's links must not mark any page as the current one.
    const body = await renderComplete(
      `${origin}${language === DEFAULT_LANGUAGE ? '' : `/${language}`}/404`,
      instance,
      {},
      true,
    );
    return pageDocument(
      language,
      `<title>${escapeHtml(`${t('meta:notFound.title')} | ${t('common:brand')}`)}</title>\n    <meta name="robots" content="noindex" />`,
      body,
    );
  };
  return {
    async render(pathname, data = {}) {
      const match = parsePublicPath(pathname);
      if (!match) return null;
      const { page, language } = match;
      const instance = translator(language);
      const pageData: PageData =
        page === '/news'
          ? { news: data.news ?? [] }
          : STOREFRONT_PAGES.has(page) && data.storefront
            ? { storefront: data.storefront }
            : page === '/support' && data.supportContact !== undefined
              ? { supportContact: data.supportContact }
              : {};
      const body = await renderComplete(`${origin}${pathname}`, instance, pageData);
      const { module, later = [] } = PUBLIC_PAGE_SOURCES[page];
      // The page's own chunk and translations start loading with the HTML, not after the main script.
      const preloads = scriptsOf(manifest, [
        module,
        ...['common', ...PUBLIC_PAGE_NAMESPACES[page]].map((ns) => localeSource(language, ns)),
        ...later,
      ])
        .filter((file) => !inTemplate.has(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`);
      return pageDocument(
        language,
        `${pageHead(page, language, origin, instance.getFixedT(language, HEAD_NAMESPACES))}\n    ${preloads.join('\n    ')}`,
        body,
        Object.keys(pageData).length > 0 ? serializePageData(pageData) : '',
      );
    },
    renderNotFound(pathname) {
      const language = notFoundLanguage(pathname);
      if (!language) return Promise.resolve(null);
      // The page is the same for every missing path of a language: rendered once per language, so
      // made-up addresses cost no rendering and keep nothing per address.
      let page = notFoundPages.get(language);
      if (!page) {
        page = renderNotFoundPage(language);
        notFoundPages.set(language, page);
        page.catch(() => notFoundPages.delete(language));
      }
      return page;
    },
  };
}
