/**
 * The support contact of the product spec ("shown as {email}"); the spec leaves the address to
 * the operator, so a build can set VITE_SUPPORT_CONTACT.
 */
export const SUPPORT_CONTACT: string =
  (import.meta.env.VITE_SUPPORT_CONTACT as string | undefined) ?? 'support@proxyport.example';

/** Referral link of the product spec: the site's own address, path /signup, `ref` = the stored code. */
export function referralLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/signup?ref=${encodeURIComponent(code)}`;
}
