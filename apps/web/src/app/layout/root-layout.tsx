import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageLoading } from '../../components/page-loading';
import { Toaster } from '../../components/ui/toaster';
import { useLanguageOfAddress, usePublicPath } from '../../lib/localized-path';
import { onSessionEnded, useApiKey, type SessionEndReason } from '../../lib/session';
import { lazyPage } from '../../lib/lazy-page';
import { PublicHeader } from './public-header';

/** Signed-in only: its wallet call, schemas and menu dialog stay out of the public pages' scripts. */
const AppHeader = lazyPage(
  () => import('./app-header'),
  (m) => m.AppHeader,
);

/**
 * Frame of every page. The header depends on the session, but the outlet stays in one place so
 * a page (sign-up) keeps its state when the visitor becomes signed in.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const signedIn = useApiKey() !== null;
  useSessionEndHandling();
  useLanguageOfAddress();
  const to = usePublicPath();

  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      {signedIn ? (
        <Suspense fallback={<div className="h-[53px] border-b border-slate-200 bg-white" />}>
          <AppHeader />
        </Suspense>
      ) : (
        <PublicHeader />
      )}
      <main className="flex-1">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-slate-200 bg-white px-4 py-6 text-sm text-slate-600">
        <nav aria-label={t('footer.links')} className="mx-auto flex max-w-6xl flex-wrap justify-center gap-x-6 gap-y-2">
          <Link to={to('/news')} className="hover:text-brand-700">
            {t('nav.news')}
          </Link>
          <Link to={to('/terms')} className="hover:text-brand-700">
            {t('nav.terms')}
          </Link>
          <Link to={to('/support')} className="hover:text-brand-700">
            {t('nav.support')}
          </Link>
        </nav>
        {/* The year of a page rendered last December may differ from the reader's clock. */}
        <p className="mt-3 text-center" suppressHydrationWarning>
          {t('footer.rights', { year: new Date().getFullYear() })}
        </p>
        {/* The licences of the location and ASN data ask for this credit (docs/decisions.md 27). */}
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
      <Toaster label={t('toast.region')} />
    </div>
  );
}

/** Spec section 4: a session that ends (logout, no key, 401) clears data and goes to /login with a message. */
function useSessionEndHandling() {
  const { t } = useTranslation(['common', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionEnded((reason: SessionEndReason) => {
        queryClient.clear();
        navigate('/login', { replace: true });
        if (reason === 'loggedOut') toast.success(t('toast.loggedOut'));
        else if (reason === 'sessionEnded') toast.error(t('errors:codes.SESSION_ENDED'));
        else if (reason === 'invalidKey') toast.error(t('errors:codes.INVALID_API_KEY'));
        else toast.error(t('errors:apiKeyNotFound'));
      }),
    [navigate, queryClient, t],
  );
}
