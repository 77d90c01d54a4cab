import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@portal/contract';
import i18n, { type BackendModule, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type enAuth from '../locales/en/auth.json';
import type enAccount from '../locales/en/account.json';
import type enNews from '../locales/en/news.json';
import type enSupport from '../locales/en/support.json';
import type enLanding from '../locales/en/landing.json';
import type enTerms from '../locales/en/terms.json';
import type enArticles from '../locales/en/articles.json';
import type enSetupGuide from '../locales/en/setupGuide.json';
import type enAntidetectGuide from '../locales/en/antidetectGuide.json';
import type enRouterGuide from '../locales/en/routerGuide.json';
import type enPayments from '../locales/en/payments.json';
import type enRentals from '../locales/en/rentals.json';
import type enAdmin from '../locales/en/admin.json';
import type enConsole from '../locales/en/console.json';
import type enCommon from '../locales/en/common.json';
import type enErrors from '../locales/en/errors.json';
import type enMeta from '../locales/en/meta.json';

/**
 * One namespace per feature plus `common`, `errors` and `meta` (descriptions that only a page's
 * head shows), so a screen downloads only its own texts.
 */
export const NAMESPACES = [
  'common',
  'errors',
  'auth',
  'account',
  'news',
  'support',
  'landing',
  'terms',
  'articles',
  'setupGuide',
  'antidetectGuide',
  'routerGuide',
  'payments',
  'rentals',
  'admin',
  'console',
  'meta',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The shape of every namespace, for typed keys (CustomTypeOptions); types only, nothing bundled. */
export type EnglishResources = {
  common: typeof enCommon;
  errors: typeof enErrors;
  auth: typeof enAuth;
  account: typeof enAccount;
  news: typeof enNews;
  support: typeof enSupport;
  landing: typeof enLanding;
  terms: typeof enTerms;
  articles: typeof enArticles;
  setupGuide: typeof enSetupGuide;
  antidetectGuide: typeof enAntidetectGuide;
  routerGuide: typeof enRouterGuide;
  payments: typeof enPayments;
  rentals: typeof enRentals;
  admin: typeof enAdmin;
  console: typeof enConsole;
  meta: typeof enMeta;
};

/** Names of the languages in themselves (endonyms), the same whatever language the page is in. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ru: 'Русский',
  hi: 'हिन्दी',
  es: 'Español',
  fr: 'Français',
  'zh-CN': '简体中文',
};

type LocaleModule = { default: Record<string, unknown> };

/**
 * Every namespace, English included, is a file of its own that loads with the first screen using
 * it, so the landing page downloads neither the terms nor the help articles, and a Russian page
 * no English. `common` and the page's own namespaces load before a public page hydrates;
 * `errors` before the full app starts, and on a public page when one may be shown (`errorTexts`):
 * no public page needs it before its first submit. The built app finds a file at an address
 * made of the version of all translations, the language and the namespace
 * (build/locale-chunks.ts), so the entry chunk carries no table of file names; the dev server
 * and the tests load the source files.
 */
const loadLocale: (language: string, namespace: string) => Promise<LocaleModule> | undefined = import.meta.env.PROD
  ? (language, namespace) =>
      import(
        /* @vite-ignore */ `${import.meta.env.BASE_URL}assets/locales/${import.meta.env.LOCALE_VERSION}/${language}/${namespace}.js`
      ) as Promise<LocaleModule>
  : (() => {
      const sources = import.meta.glob<LocaleModule>('../locales/*/*.json');
      return (language, namespace) => sources[`../locales/${language}/${namespace}.json`]?.();
    })();

/** Translations load on demand, one file per language and namespace, so a visitor downloads only what a screen shows. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const loading =
      isLanguage(language) && (NAMESPACES as readonly string[]).includes(namespace)
        ? loadLocale(language, namespace)
        : undefined;
    if (!loading) {
      callback(new Error(`no translations for ${language}/${namespace}`), null);
      return;
    }
    loading.then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language the visitor chose, or null when they never chose one. */
export function savedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.language);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function storedLanguage(): Language {
  return savedLanguage() ?? DEFAULT_LANGUAGE;
}

function applyLanguage(language: string): void {
  document.documentElement.lang = language;
}

function saveLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Storage may be full or disabled; the choice then lasts for this visit only.
  }
}

/**
 * `lean`: only `common` before the first render (a public page's light shell); otherwise
 * `errors` too, which API failures read outside React.
 */
export async function initI18n(
  language: Language = storedLanguage(),
  { lean = false }: { lean?: boolean } = {},
): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', applyLanguage);
    await i18n
      .use(lazyLocales)
      .use(initReactI18next)
      .init({
        lng: language,
        // Every language has every key (src/locales/locales.test.ts); a fallback would make a
        // Russian page download the English files of its namespaces too before it hydrates.
        fallbackLng: false,
        supportedLngs: [...LANGUAGES],
        load: 'currentOnly',
        // Screens load their own namespace; i18next then keeps it loaded across language changes.
        ns: lean ? ['common'] : ['common', 'errors'],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        // With no fallback language a key missing in the page's language shows as the key: say so
        // on the console, where the browser tests look for it (unit tests check the files instead).
        saveMissing: import.meta.env.MODE !== 'test',
        missingKeyHandler: (languages, namespace, key) => {
          console.error(`i18next: missing translation ${languages.join(',')}/${namespace}:${key}`);
        },
        // A screen waits (under the layout's Suspense) until its namespace is there, never showing keys.
        react: { useSuspense: true },
      });
  } else if (i18n.language !== language) {
    await i18n.changeLanguage(language);
  }
  applyLanguage(i18n.language);
  return i18n;
}

/**
 * The API errors' texts, loaded first when they are not there yet. The light shell of the public
 * pages starts without them (the login page shows one only after a submit, and they weigh as much
 * as the page's other translations together), so a public page asks for them when it may show one.
 */
export async function errorTexts(): Promise<TFunction<'errors'>> {
  await i18n.loadNamespaces('errors');
  return i18n.getFixedT(null, 'errors');
}

/** The visitor's own choice: saved, so the next visit opens in it. */
export async function changeLanguage(language: Language): Promise<void> {
  saveLanguage(language);
  await i18n.changeLanguage(language);
}

/**
 * Shows the language of the page's address (`/ru/news`) without making it the visitor's choice:
 * a shared link in another language must not change the language they picked.
 */
export async function followLanguage(language: Language): Promise<void> {
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

export { i18n };
