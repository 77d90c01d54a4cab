import { parsePublicPath, type PublicPage } from '@portal/contract';
import {
  Component,
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type ComponentType,
} from 'react';
import { PageLoading } from '../components/page-loading';
import { i18n } from '../lib/i18n';
import { lazyPage } from '../lib/lazy-page';
import { NavProvider, PublicShellProvider, type Nav, type NavLocation } from '../lib/nav';
import { useApiKey } from '../lib/session';
import { PublicHeader } from './layout/public-header';
import { SiteFrame } from './layout/site-frame';
import { PUBLIC_SCREENS } from './public-screens';

/** The full app: react-router, react-query and every other screen, loaded when first needed. */
const FullApp = lazyPage(
  // Its screens read API errors' translations outside React, so they are loaded first.
  () => Promise.all([import('./app'), i18n.loadNamespaces('errors')]).then(([module]) => module),
  (m) => m.App,
);
const ShellToaster = lazy(() => import('./layout/shell-toaster'));

const subscribeToNothing = () => () => undefined;

function browserLocation(): NavLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/**
 * The toaster, after hydration: the server's HTML has none, and its code is not needed to start.
 * Its own component, so that appearing re-renders nothing else: a re-render of the page while its
 * chunk is still loading would make React drop the server's HTML for a spinner (a layout shift).
 */
function ToasterAfterHydration() {
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  return hydrated ? (
    <Suspense fallback={null}>
      <ShellToaster />
    </Suspense>
  ) : null;
}

/** A screen that fails in the shell is left to the full app, which shows its error screen. */
class ToFullAppOnError extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * What a signed-out visitor's first public page hydrates: the frame and the page,
 * moving between public pages with the History API, without react-router, react-query or the
 * toaster's code, so that the page is interactive after about 100 kB of gzip JavaScript. The first
 * move to any other address, or signing in, renders the full app in its place (it reads the
 * address itself), kept from then on. The server renders this same tree (src/entry-server.tsx).
 */
export function PublicApp({
  initialLocation,
  loaded,
  afterPage,
}: {
  initialLocation?: NavLocation;
  /**
   * Rendered after the page inside the innermost Suspense boundary (src/main.tsx puts the marker
   * of hydration's end there: React hydrates each boundary after the root has committed).
   */
  afterPage?: ReactNode;
  /**
   * The first page's screen, already loaded (src/main.tsx): hydrated at once, its server HTML
   * never waits behind a lazy component, which a re-render would replace with the spinner.
   */
  loaded?: { page: PublicPage; Screen: ComponentType };
}) {
  const [location, setLocation] = useState(() => initialLocation ?? browserLocation());
  const [full, setFull] = useState(false);
  const signedIn = useApiKey() !== null;
  const match = parsePublicPath(location.pathname);
  const showFull = full || !match;

  useEffect(() => {
    const onPop = () => startTransition(() => setLocation(browserLocation()));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  // Signing in, or an address the shell does not know, hands over to the full app for good; the
  // transition keeps this page on screen while the full app's code loads.
  useEffect(() => {
    if ((signedIn || !match) && !full) startTransition(() => setFull(true));
  }, [signedIn, match, full]);

  const nav = useMemo<Nav>(
    () => ({
      location,
      navigate(to, options) {
        if (options?.replace) window.history.replaceState(null, '', to);
        else window.history.pushState(null, '', to);
        startTransition(() => setLocation(browserLocation()));
      },
    }),
    [location],
  );

  const Page = match ? (match.page === loaded?.page ? loaded.Screen : PUBLIC_SCREENS[match.page]) : null;
  return (
    <PublicShellProvider value>
      <Suspense fallback={<PageLoading />}>
        {showFull || !Page ? (
          <FullApp />
        ) : (
          <NavProvider value={nav}>
            <SiteFrame header={<PublicHeader />}>
              <Suspense fallback={<PageLoading />}>
                <ToFullAppOnError onError={() => setFull(true)}>
                  <Page />
                </ToFullAppOnError>
                {afterPage}
              </Suspense>
            </SiteFrame>
          </NavProvider>
        )}
      </Suspense>
      <ToasterAfterHydration />
    </PublicShellProvider>
  );
}
