import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppLocation } from './nav';

/**
 * Keeps `<title>` and the meta description in step with the page on screen when the visitor
 * moves without reloading: the server writes them only into the first page's HTML.
 * A public page gets exactly the head the server would render; a signed-in screen its name and
 * the site's description (the landing page's).
 */
export function useDocumentHead(): void {
  const { pathname } = useAppLocation();
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    let current = true;
    // The titles' code loads after the first page is interactive; the server wrote its head.
    void import('./document-head-update').then(({ updateDocumentHead }) =>
      updateDocumentHead(pathname, language, i18n, () => current),
    );
    return () => {
      current = false;
    };
  }, [pathname, language, i18n]);
}
