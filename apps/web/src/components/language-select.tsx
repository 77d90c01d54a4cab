import { LANGUAGES, localizedPath, parsePublicPath, type Language } from '@portal/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { afterHydration } from '../lib/hydration';
import { changeLanguage, isLanguage, LANGUAGE_NAMES } from '../lib/i18n';
import { useAppNavigate } from '../lib/nav';

/**
 * Language selector of the header; the choice is stored and restored on load.
 * On a public page it also moves to that page's address in the chosen language.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const navigate = useAppNavigate();
  const choose = async (language: Language) => {
    // A choice made while the server's page is still hydrating waits for it (lib/hydration.ts).
    await afterHydration();
    void changeLanguage(language);
    // The address bar, not the last rendered location: a move whose page is still loading has
    // already changed the address while the previous page stays on screen (a transition).
    const { pathname, search, hash } = window.location;
    const page = parsePublicPath(pathname)?.page;
    if (page) navigate(localizedPath(language, page) + search + hash);
  };
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void choose(event.target.value);
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-slate-800 focus:outline-2 focus:outline-brand-600"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
