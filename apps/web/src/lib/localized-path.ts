import { DEFAULT_LANGUAGE, localizedPath, parsePublicPath, type PublicPage } from '@portal/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { languagePrefixOf } from './app-paths';
import { followLanguage, isLanguage, savedLanguage } from './i18n';
import { useAppLocation, useAppNavigate } from './nav';

/** Links to public pages stay in the language on screen: `/news` becomes `/ru/news` in Russian. */
export function usePublicPath(): (page: PublicPage) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (page) => localizedPath(language, page);
}

/**
 * Where a visitor whose saved language differs from the address's belongs (a language the visitor chose
 * is restored on every load), or null when the address is right as it is.
 */
export function redirectForSavedLanguage(location: { pathname: string; search: string; hash: string }): string | null {
  const match = parsePublicPath(location.pathname);
  const saved = savedLanguage();
  if (!match || !saved || saved === match.language) return null;
  return localizedPath(saved, match.page) + location.search + location.hash;
}

/** Keeps the language on screen in step with the address as the visitor moves between public pages. */
export function useLanguageOfAddress(): void {
  const location = useAppLocation();
  const navigate = useAppNavigate();
  useEffect(() => {
    const redirect = redirectForSavedLanguage(location);
    if (redirect) {
      navigate(redirect, { replace: true });
      return;
    }
    // An address no page answers under a language's prefix (`/ru/nothing`) says so in that language.
    const language = parsePublicPath(location.pathname)?.language ?? languagePrefixOf(location.pathname);
    if (language) void followLanguage(language);
  }, [location, navigate]);
}
