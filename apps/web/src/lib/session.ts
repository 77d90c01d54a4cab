import { STORAGE_KEYS } from '@portal/contract';
import { useSyncExternalStore } from 'react';
import { readStored, storedItemEvents, writeStored } from './stored-item';

/**
 * The customer's session lives in local storage, so it survives reloads and is shared by tabs: a stored
 * API key on load means signed in. Reading storage on every call keeps other tabs and tests in step without a cache.
 */
export function getApiKey(): string | null {
  try {
    const key = localStorage.getItem(STORAGE_KEYS.apiKey);
    return key && key.trim() ? key : null;
  } catch {
    return null;
  }
}

export function getReferralCode(): string | null {
  return readStored(STORAGE_KEYS.referralCode);
}

// Another tab signing in or out changes this tab's session too.
const events = storedItemEvents(STORAGE_KEYS.apiKey);

export function useApiKey(): string | null {
  return useSyncExternalStore(events.subscribe, getApiKey, () => null);
}

/** After login the server's referral_key becomes the stored referral code (referral link). */
export function startSession(apiKey: string, referralCode?: string | null): void {
  writeStored(STORAGE_KEYS.apiKey, apiKey);
  if (referralCode) writeStored(STORAGE_KEYS.referralCode, referralCode);
  events.notify();
}

export function setReferralCode(code: string): void {
  writeStored(STORAGE_KEYS.referralCode, code);
}

/** Why the session ended; the root layout turns it into a toast and a move to /login. */
export type SessionEndReason = 'loggedOut' | 'noKey' | 'sessionEnded' | 'invalidKey';

const endListeners = new Set<(reason: SessionEndReason) => void>();

export function onSessionEnded(listener: (reason: SessionEndReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Logout: key, referral code and cached lists go (the next person sees none of them); language stays. */
export function endSession(reason: SessionEndReason): void {
  writeStored(STORAGE_KEYS.apiKey, null);
  writeStored(STORAGE_KEYS.referralCode, null);
  writeStored(STORAGE_KEYS.proxyList, null);
  writeStored(STORAGE_KEYS.sumid, null);
  events.notify();
  endListeners.forEach((listener) => listener(reason));
}
