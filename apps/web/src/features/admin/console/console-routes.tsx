import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page';

/** One chunk per screen, so opening the overview does not download the inventory table. */
const Overview = lazyPage(
  () => import('./overview/overview-page'),
  (m) => m.OverviewPage,
);
const Inventory = lazyPage(
  () => import('./inventory/inventory-page'),
  (m) => m.InventoryPage,
);
const Customers = lazyPage(
  () => import('./customers/customers-page'),
  (m) => m.CustomersPage,
);
const CustomerDetail = lazyPage(
  () => import('./customers/customer-detail-page'),
  (m) => m.CustomerDetailPage,
);
const Giftcards = lazyPage(
  () => import('./giftcards/giftcards-page'),
  (m) => m.GiftcardsPage,
);
const Audit = lazyPage(
  () => import('./audit/audit-page'),
  (m) => m.AuditPage,
);
const Replacements = lazyPage(
  () => import('./replacements/replacements-page'),
  (m) => m.ReplacementsPage,
);

const Notices = lazyPage(
  () => import('./notices/notices-page'),
  (m) => m.NoticesPage,
);

const Operators = lazyPage(
  () => import('./operators/operators-page'),
  (m) => m.OperatorsPage,
);
const Nodes = lazyPage(
  () => import('./nodes/nodes-page'),
  (m) => m.NodesPage,
);
const News = lazyPage(
  () => import('../components/admin-news-page'),
  (m) => m.AdminNewsPage,
);
const Security = lazyPage(
  () => import('./security/security-page'),
  (m) => m.SecurityPage,
);

/** Child routes of /admin (the operator console). */
export const consoleRoutes: RouteObject[] = [
  { index: true, element: <Overview /> },
  { path: 'inventory', element: <Inventory /> },
  { path: 'nodes', element: <Nodes /> },
  { path: 'customers', element: <Customers /> },
  { path: 'customers/:id', element: <CustomerDetail /> },
  { path: 'giftcards', element: <Giftcards /> },
  { path: 'audit', element: <Audit /> },
  { path: 'replacements', element: <Replacements /> },
  { path: 'notices', element: <Notices /> },
  { path: 'operators', element: <Operators /> },
  { path: 'news', element: <News /> },
  { path: 'security', element: <Security /> },
  // A mistyped console address lands on the overview rather than an empty frame.
  { path: '*', element: <Navigate to="/admin" replace /> },
];
