/** Referral link: the site's own address (no configured URL needed), path /signup, `ref` = the stored code. */
export function referralLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/signup?ref=${encodeURIComponent(code)}`;
}
