import { LANGUAGES, parsePublicPath, type Language, type NewsItem, type StorefrontFacts } from '@portal/contract';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { PublicApp } from './app/public-app';
import { ServerStorefrontContext } from './lib/storefront-facts';
import { ServerSupportContactContext } from './features/storefront/api/use-support-contact';
import { ServerNewsContext } from './features/news/api/use-public-news';
import { NAMESPACES } from './lib/i18n';
import { PUBLIC_PAGE_NAMESPACES } from './lib/public-page-namespaces';
import { PUBLIC_PAGE_SOURCES } from './lib/public-page-sources';
import { HEAD_NAMESPACES, pageHead } from './ssr/head';
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

async function renderApp(url: string, instance: I18n, data: PageData): Promise<string> {
  const { pathname, search, hash } = new URL(url);
  // The same tree the browser hydrates: the public pages' light shell (src/app/public-app.tsx).
  const { prelude } = await prerender(
    <StrictMode>
      <I18nextProvider i18n={instance}>
        <ServerNewsContext.Provider value={data.news ?? null}>
          <ServerStorefrontContext.Provider value={data.storefront ?? null}>
            <ServerSupportContactContext.Provider value={data.supportContact ?? null}>
              <PublicApp initialLocation={{ pathname, search, hash }} />
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

export function createStorefront({ template, manifest, publicUrl }: StorefrontOptions): Storefront {
  const origin = publicUrl.replace(/\/+$/, '');
  // index.html already loads the entry and preloads its imports.
  const inTemplate = new Set(scriptsOf(manifest, ['index.html']));
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
      // A screen's chunk loads the first time it renders, and that render suspends: React then
      // sends the screen apart with an inline script to put it in place, which the CSP forbids.
      // Once loaded, the next render is complete, so a page renders again until it has no script.
      let body = await renderApp(`${origin}${pathname}`, instance, pageData);
      for (let attempt = 0; body.includes('<script') && attempt < 3; attempt += 1) {
        body = await renderApp(`${origin}${pathname}`, instance, pageData);
      }
      if (body.includes('<script')) throw new Error(`${pathname} did not render completely`);
      // The CSP refuses style attributes in HTML (the browser would drop them and log an error);
      // the only ones are Radix's unused CSS variables, which React sets again through the DOM.
      // React escapes quotes in text, so this matches attributes only.
      body = body.replace(/ style="[^"]*"/g, '');
      const { module, later = [] } = PUBLIC_PAGE_SOURCES[page];
      // The page's own chunk and translations start loading with the HTML, not after the main script.
      const preloads = scriptsOf(manifest, [
        module,
        ...['common', ...PUBLIC_PAGE_NAMESPACES[page]].map((ns) => localeSource(language, ns)),
        ...later,
      ])
        .filter((file) => !inTemplate.has(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`);
      return template
        .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
        .replace(/<title>[^<]*<\/title>\s*/, '')
        .replace(/<meta name="description"[^>]*>\s*/, '')
        .replace(
          '</head>',
          `  ${pageHead(page, language, origin, instance.getFixedT(language, HEAD_NAMESPACES))}\n    ${preloads.join('\n    ')}\n  </head>`,
        )
        .replace(
          '<div id="root"></div>',
          `<div id="root">${body}</div>${Object.keys(pageData).length > 0 ? serializePageData(pageData) : ''}`,
        );
    },
  };
}
