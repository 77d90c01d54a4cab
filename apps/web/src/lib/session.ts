import { STORAGE_KEYS } from '@portal/contract';
import { useSyncExternalStore } from 'react';

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
  try {
    return localStorage.getItem(STORAGE_KEYS.referralCode) || null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.apiKey) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useApiKey(): string | null {
  return useSyncExternalStore(subscribe, getApiKey, () => null);
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the session then lasts until the page closes.
  }
}

/** After login the server's referral_key becomes the stored referral code (referral link). */
export function startSession(apiKey: string, referralCode?: string | null): void {
  write(STORAGE_KEYS.apiKey, apiKey);
  if (referralCode) write(STORAGE_KEYS.referralCode, referralCode);
  notify();
}

export function setReferralCode(code: string): void {
  write(STORAGE_KEYS.referralCode, code);
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
  write(STORAGE_KEYS.apiKey, null);
  write(STORAGE_KEYS.referralCode, null);
  write(STORAGE_KEYS.proxyList, null);
  write(STORAGE_KEYS.sumid, null);
  notify();
  endListeners.forEach((listener) => listener(reason));
}
