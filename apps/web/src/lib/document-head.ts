import { parsePublicPath, type PublicPage } from '@portal/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppLocation } from './nav';
import { PUBLIC_PAGE_SOURCES } from './public-page-sources';

/** The signed-in screens' titles: their name in the header's menu. */
const SCREEN_NAMES: Record<string, 'nav.proxy' | 'nav.history' | 'nav.account' | 'nav.payment' | 'nav.signup'> = {
  '/proxy': 'nav.proxy',
  '/history': 'nav.history',
  '/account': 'nav.account',
  '/payment': 'nav.payment',
  '/signup': 'nav.signup',
};

function setHead(title: string, description: string) {
  document.title = title;
  document.querySelector('meta[name="description"]')?.setAttribute('content', description);
}

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
    const match = parsePublicPath(pathname);
    const page: PublicPage = match?.page ?? '/';
    const lng = match?.language ?? language;
    let current = true;
    const namespaces = ['common', ...PUBLIC_PAGE_SOURCES[page].namespaces] as const;
    // The titles' code loads after the first page is interactive; the server wrote its head.
    // The address's language may not be the one loaded yet (a saved choice moving the visitor
    // to /hi/): its own files are read, or the title would be made of keys.
    void Promise.all([import('../ssr/head'), i18n.reloadResources([lng], [...namespaces])]).then(
      ([{ HEAD_NAMESPACES, titleAndDescription }]) => {
        if (!current) return;
        const t = i18n.getFixedT(lng, HEAD_NAMESPACES);
        const head = titleAndDescription(page, t);
        const screen = match ? undefined : SCREEN_NAMES[pathname];
        if (screen) setHead(`${t(`common:${screen}`)} | ${t('common:brand')}`, head.description);
        else setHead(head.title, head.description);
      },
    );
    return () => {
      current = false;
    };
  }, [pathname, language, i18n]);
}
