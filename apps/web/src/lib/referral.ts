import { MAX_REFERRAL_CODE_LENGTH, STORAGE_KEYS } from '@portal/contract';

/** The landing page keeps `?ref=CODE` so that a later sign-up credits the referrer. */
export function rememberReferralCode(search: string): void {
  const code = new URLSearchParams(search).get('ref')?.trim();
  if (!code) return;
  try {
    localStorage.setItem(STORAGE_KEYS.referralCode, code.slice(0, MAX_REFERRAL_CODE_LENGTH));
  } catch {
    // Without storage the referral is lost, which must not break the page.
  }
}
