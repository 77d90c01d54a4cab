import {
  adminNoticesEndpoint,
  auditEndpoint,
  inventoryEndpoint,
  listGiftcardsEndpoint,
  listNodesEndpoint,
  listOperatorsEndpoint,
  newsAddEndpoint,
  overviewEndpoint,
  replacementsEndpoint,
  roleMayCall,
  searchCustomersEndpoint,
  totpEnrollEndpoint,
  type AdminMe,
  type AdminRole,
  type Endpoint,
} from '@portal/contract';

/**
 * The console's screens, each with the call it cannot work without: a role sees a screen when
 * the registry lets it make that call, so the console and the server cannot disagree.
 */
export interface ConsoleScreen {
  key:
    | 'overview'
    | 'inventory'
    | 'nodes'
    | 'customers'
    | 'giftcards'
    | 'audit'
    | 'replacements'
    | 'notices'
    | 'operators'
    | 'news'
    | 'security';
  to: string;
  end: boolean;
  endpoint: Endpoint;
}

export const CONSOLE_SCREENS: readonly ConsoleScreen[] = [
  { key: 'overview', to: '/admin', end: true, endpoint: overviewEndpoint },
  { key: 'inventory', to: '/admin/inventory', end: false, endpoint: inventoryEndpoint },
  { key: 'nodes', to: '/admin/nodes', end: false, endpoint: listNodesEndpoint },
  { key: 'customers', to: '/admin/customers', end: false, endpoint: searchCustomersEndpoint },
  { key: 'giftcards', to: '/admin/giftcards', end: false, endpoint: listGiftcardsEndpoint },
  { key: 'audit', to: '/admin/audit', end: false, endpoint: auditEndpoint },
  { key: 'replacements', to: '/admin/replacements', end: false, endpoint: replacementsEndpoint },
  { key: 'notices', to: '/admin/notices', end: false, endpoint: adminNoticesEndpoint },
  { key: 'operators', to: '/admin/operators', end: false, endpoint: listOperatorsEndpoint },
  { key: 'news', to: '/admin/news', end: true, endpoint: newsAddEndpoint },
  { key: 'security', to: '/admin/security', end: false, endpoint: totpEnrollEndpoint },
];

/**
 * The screens an operator may use. While the owner requires an authenticator app and this
 * operator has none, only the screen that sets it up.
 */
export function screensFor(me: Pick<AdminMe, 'operator' | 'totpRequired'>): ConsoleScreen[] {
  if (me.totpRequired && !me.operator.totpEnabled) return CONSOLE_SCREENS.filter((s) => s.key === 'security');
  return CONSOLE_SCREENS.filter((screen) => roleMayCall(me.operator.role, screen.endpoint));
}

/** The screen a console address belongs to: `/admin/customers/4` → customers. */
export function screenOfPath(pathname: string): ConsoleScreen | undefined {
  const segment = pathname.replace(/^\/admin\/?/, '').split('/')[0] ?? '';
  if (segment === '') return CONSOLE_SCREENS[0];
  return CONSOLE_SCREENS.find((screen) => screen.to === `/admin/${segment}`);
}

export function mayCall(role: AdminRole | undefined, endpoint: Endpoint): boolean {
  return role !== undefined && roleMayCall(role, endpoint);
}
