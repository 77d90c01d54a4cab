import { DEFAULT_LANGUAGE, LANGUAGES } from '@portal/contract';
import { Suspense, type ComponentType } from 'react';
import { Navigate, createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { RouteError } from '../components/route-error';
import { lazyPage } from '../lib/lazy-page';
import { useApiKey } from '../lib/session';
import { consoleRoutes } from '../features/admin/console/console-routes';
import { NotFoundPage } from '../features/storefront/components/not-found-page';
import { RootLayout } from './layout/root-layout';
import { PUBLIC_SCREENS } from './public-screens';

/** Each screen is its own chunk, so the landing page loads only what it needs. */
const Landing = PUBLIC_SCREENS['/'];
const Terms = PUBLIC_SCREENS['/terms'];
const Support = PUBLIC_SCREENS['/support'];
const News = PUBLIC_SCREENS['/news'];
const Login = PUBLIC_SCREENS['/login'];
const Signup = lazyPage(
  () => import('../features/accounts/components/signup-page'),
  (m) => m.SignupPage,
);
const Stock = lazyPage(
  () => import('../features/rentals/components/stock-page'),
  (m) => m.StockPage,
);
const Account = lazyPage(
  () => import('../features/accounts/components/account-page'),
  (m) => m.AccountPage,
);
const Catalogue = lazyPage(
  () => import('../features/rentals/components/catalogue-page'),
  (m) => m.CataloguePage,
);
const History = lazyPage(
  () => import('../features/rentals/components/history-page'),
  (m) => m.HistoryPage,
);
const Payment = lazyPage(
  () => import('../features/payments/components/payment-page'),
  (m) => m.PaymentPage,
);
const ConsoleLayout = lazyPage(
  () => import('../features/admin/console/console-layout'),
  (m) => m.ConsoleLayout,
);
const ConfirmEmail = lazyPage(
  () => import('../features/accounts/components/confirm-email-page'),
  (m) => m.ConfirmEmailPage,
);
const SandboxCheckout = lazyPage(
  () => import('../features/payments/components/sandbox-checkout-page'),
  (m) => m.SandboxCheckoutPage,
);
const SetupProxy = PUBLIC_SCREENS['/articles/setup-proxy'];
const EnableAntidetect = PUBLIC_SCREENS['/articles/enable-antidetect'];
const RouterSetup = PUBLIC_SCREENS['/articles/router-setup'];

/**
 * Two route tables, so each visitor reaches only the screens that work for them. Signed out: /,
 * /login, /signup, the three articles, and /news, /terms, /support. Signed in: /account, /proxy,
 * /history, /signup, /payment, /support, /news, /terms and /. Any other address shows the
 * page-not-found page (with status 404 from the server); lib/app-paths.ts lists the same screens for the server.
 */
function SignedOutOnly({ page: Page }: { page: ComponentType }) {
  return useApiKey() ? <Navigate to="/proxy" replace /> : <Page />;
}

function SignedInOnly({ page: Page }: { page: ComponentType }) {
  return useApiKey() ? <Page /> : <Landing />;
}

/**
 * Confirmation links sent before the public page existed opened /account?email_token=…: they go
 * to that page, signed in or not.
 */
function AccountOrConfirmation() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('email_token');
  if (token) return <Navigate to={`/email/confirm?${new URLSearchParams({ token }).toString()}`} replace />;
  return <SignedInOnly page={Account} />;
}

/** The storefront's pages (PUBLIC_PAGES of the contract), relative to a language's prefix. */
const publicPages: RouteObject[] = [
  { index: true, element: <Landing /> },
  { path: 'login', element: <SignedOutOnly page={Login} /> },
  { path: 'articles/setup-proxy', element: <SignedOutOnly page={SetupProxy} /> },
  { path: 'articles/enable-antidetect', element: <SignedOutOnly page={EnableAntidetect} /> },
  { path: 'articles/router-setup', element: <SignedOutOnly page={RouterSetup} /> },
  { path: 'news', element: <News /> },
  { path: 'terms', element: <Terms /> },
  { path: 'support', element: <Support /> },
];

export const routes: RouteObject[] = [
  // The operator console (with /admin/news): no customer header or guard, since operators are not customers.
  {
    path: '/admin',
    element: (
      <Suspense fallback={<PageLoading />}>
        <ConsoleLayout />
      </Suspense>
    ),
    errorElement: <RouteError />,
    children: consoleRoutes,
  },
  // The sandbox provider's checkout stands where a real provider's page would: no portal frame.
  {
    path: '/pay/:uuid',
    element: (
      <Suspense fallback={<PageLoading />}>
        <SandboxCheckout />
      </Suspense>
    ),
    errorElement: <RouteError />,
  },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...publicPages,
          { path: 'signup', element: <Signup /> },
          // What is for sale, for everyone: visitors and customers without funds cannot see the list.
          { path: 'stock', element: <Stock /> },
          { path: 'account', element: <AccountOrConfirmation /> },
          // An e-mail's confirmation link: public, opened signed in or not (often on a phone).
          { path: 'email/confirm', element: <ConfirmEmail /> },
          { path: 'proxy', element: <SignedInOnly page={Catalogue} /> },
          { path: 'history', element: <SignedInOnly page={History} /> },
          { path: 'payment', element: <SignedInOnly page={Payment} /> },
          // the public pages again under each other language's prefix (/ru/, /hi/news).
          ...LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).map((language) => ({
            path: language,
            children: [...publicPages, { path: '*', element: <NotFoundPage /> }],
          })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
