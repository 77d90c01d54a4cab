import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageLoading } from '../../components/page-loading';
import { Toaster } from '../../components/ui/toaster';
import { NavProvider, useInPublicShell, type Nav } from '../../lib/nav';
import { onSessionEnded, useApiKey, type SessionEndReason } from '../../lib/session';
import { lazyPage } from '../../lib/lazy-page';
import { PublicHeader } from './public-header';
import { SiteFrame } from './site-frame';

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
  const location = useLocation();
  const navigate = useNavigate();
  const nav = useMemo<Nav>(
    () => ({ location, navigate: (to, options) => void navigate(to, options) }),
    [location, navigate],
  );
  return (
    <NavProvider value={nav}>
      <Frame />
    </NavProvider>
  );
}

function Frame() {
  const { t } = useTranslation();
  const signedIn = useApiKey() !== null;
  // Inside the public pages' shell the toaster is already mounted above this tree (public-app.tsx).
  const inShell = useInPublicShell();
  useSessionEndHandling();

  return (
    <SiteFrame
      header={
        signedIn ? (
          <Suspense fallback={<div className="h-[53px] border-b border-slate-200 bg-white" />}>
            <AppHeader />
          </Suspense>
        ) : (
          <PublicHeader />
        )
      }
      tail={inShell ? null : <Toaster label={t('toast.region')} />}
    >
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </SiteFrame>
  );
}

/** A session that ends (logout, no key, 401) clears its data and goes to /login with a message saying why. */
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
