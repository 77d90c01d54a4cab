import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@portal/contract';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAccount from '../locales/en/account.json';
import enArticles from '../locales/en/articles.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import enLanding from '../locales/en/landing.json';
import enNews from '../locales/en/news.json';
import enSupport from '../locales/en/support.json';
import enTerms from '../locales/en/terms.json';

/** One namespace per feature plus `common` and `errors` (STYLE section 2). */
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
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** English ships in the main bundle: it is the default and the fallback of every other language. */
export const englishResources = {
  common: enCommon,
  errors: enErrors,
  auth: enAuth,
  account: enAccount,
  news: enNews,
  support: enSupport,
  landing: enLanding,
  terms: enTerms,
  articles: enArticles,
} satisfies Record<Namespace, object>;

/** Names of the languages in themselves (endonyms), the same whatever language the page is in. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ru: 'Русский',
  hi: 'हिन्दी',
  es: 'Español',
  fr: 'Français',
  'zh-CN': '简体中文',
};

const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/en/*.json',
]);

/** Other languages load on demand, one file per namespace, so a visitor downloads only their own. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = localeFiles[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no translations for ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.language);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(language: string): void {
  document.documentElement.lang = language;
  try {
    localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Storage may be full or disabled; the choice then lasts for this visit only.
  }
}

export async function initI18n(language: Language = storedLanguage()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', applyLanguage);
    await i18n
      .use(lazyLocales)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        load: 'currentOnly',
        ns: [...NAMESPACES],
        defaultNS: 'common',
        resources: { en: englishResources },
        partialBundledLanguages: true,
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      });
  } else if (i18n.language !== language) {
    await i18n.changeLanguage(language);
  }
  applyLanguage(i18n.language);
  return i18n;
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}

export { i18n };
