/**
 * Every action the audit log records. The server's audit writers accept only these (a new kind
 * of row is added here first), and the console has a sentence for each, so a row can never show
 * up as a bare code. Grouped by family: the part before the dot is what the action filter's
 * family (`proxies`) matches.
 */
export const AUDIT_ACTIONS = [
  'admin.login',
  'admin.login_failed',
  'admin.login_locked',
  'admin.login_totp_failed',
  'admin.login_totp_missing',
  'admin.recovery_code_used',
  'admin.logout',
  'admin.forbidden',
  'admin.session_end',
  'admin.totp_enroll',
  'admin.totp_enabled',
  'operator.create',
  'operator.remove',
  'operator.locked',
  'operator.unlock',
  'operator.totp_off',
  'operator.totp_policy',
  'customers.adjust',
  'giftcards.create',
  'giftcards.reveal',
  'proxies.import',
  'proxies.enable',
  'proxies.disable',
  'proxies.check',
  'proxies.max-connections',
  'proxies.max-source-ips',
  'proxies.node',
  'proxy.replace',
  'nodes.create',
  'nodes.revoke',
  'news.add',
  'news.delete',
  'notices.broadcast',
  'ip_auth.narrowed',
  'db.backup',
  'db.restore',
  'db.migrate-from-pglite',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The families, in the order above: what the console's action filter offers besides single actions. */
export const AUDIT_FAMILIES = [...new Set(AUDIT_ACTIONS.map((action) => action.split('.')[0]!))];

/** The server's rule for the audit filter: an action (`proxies.max-connections`) or a family (`proxies`). */
export const AUDIT_ACTION_PATTERN = /^[a-z0-9_]+(\.[a-z0-9_-]+)*$/;
