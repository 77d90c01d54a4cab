/** Referral link of the product spec: the site's own address, path /signup, `ref` = the stored code. */
export function referralLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/signup?ref=${encodeURIComponent(code)}`;
}
