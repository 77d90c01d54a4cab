import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Country names in the page's language (Intl.DisplayNames); the code itself when unknown. */
export function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      return null;
    }
  }, [i18n.language]);
  return useCallback(
    (code: string) => {
      try {
        return names?.of(code.toUpperCase()) ?? code;
      } catch {
        return code;
      }
    },
    [names],
  );
}
