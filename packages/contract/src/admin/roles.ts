/**
 * Operator roles. `owner` may make every admin call and manage the team; the others may make the
 * calls whose endpoint lists them in `roles` (the registry is the one table of permissions: the
 * server checks it, the console hides what a role may not use).
 */
export const ADMIN_ROLES = ['owner', 'manager', 'finance', 'support'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Every role: calls any operator may make (their own session, their own authenticator). */
export const ANY_ROLE: readonly AdminRole[] = ADMIN_ROLES;

/** Roles with money rights (besides the owner): they make gift card codes and may see them again. */
export const MONEY_ROLES: readonly AdminRole[] = ['finance'];

/** Whether a role may make a call that lists `roles`; a call that lists none is the owner's alone. */
export function roleMayCall(role: AdminRole, endpoint: { readonly roles?: readonly AdminRole[] }): boolean {
  return role === 'owner' || (endpoint.roles ?? []).includes(role);
}
