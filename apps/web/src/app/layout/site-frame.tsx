import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageOfAddress, usePublicPath } from '../../lib/localized-path';
import { AppLink } from '../../lib/nav';
import { useDocumentHead } from '../../lib/document-head';

/**
 * Frame of every customer page: header, the page, footer. The full app (RootLayout) and the
 * public pages' light shell (public-app.tsx) both draw it, so their HTML is the same.
 */
export function SiteFrame({ header, children, tail }: { header: ReactNode; children: ReactNode; tail?: ReactNode }) {
  const { t } = useTranslation();
  useLanguageOfAddress();
  useDocumentHead();
  const to = usePublicPath();

  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      {header}
      <main className="flex-1">{children}</main>
      <footer className="border-t border-slate-200 bg-white px-4 py-6 text-sm text-slate-600">
        <nav aria-label={t('footer.links')} className="mx-auto flex max-w-6xl flex-wrap justify-center gap-x-6 gap-y-2">
          <AppLink to={to('/news')} className="hover:text-brand-700">
            {t('nav.news')}
          </AppLink>
          <AppLink to={to('/terms')} className="hover:text-brand-700">
            {t('nav.terms')}
          </AppLink>
          <AppLink to={to('/support')} className="hover:text-brand-700">
            {t('nav.support')}
          </AppLink>
        </nav>
        {/* The year of a page rendered last December may differ from the reader's clock. */}
        <p className="mt-3 text-center" suppressHydrationWarning>
          {t('footer.rights', { year: new Date().getFullYear() })}
        </p>
        {/* The licences of the location and ASN data ask for this credit. */}
        <p className="mt-2 text-center text-xs" data-testid="data-credit">
          {t('footer.geoCredit')}{' '}
          <a href="https://www.maxmind.com" className="underline hover:text-brand-700">
            https://www.maxmind.com
          </a>
          . {t('footer.asnCredit')}{' '}
          <a href="https://db-ip.com" className="underline hover:text-brand-700">
            IP Geolocation by DB-IP
          </a>
          ,{' '}
          <a href="https://www.routeviews.org" className="underline hover:text-brand-700">
            Route Views
          </a>{' '}
          (CC BY 4.0).
        </p>
      </footer>
      {tail}
    </div>
  );
}
