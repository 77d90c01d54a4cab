import { STORAGE_KEYS } from '@portal/contract';
import { useSyncExternalStore } from 'react';

/**
 * The operator's session: the token from the admin login, kept under `adminToken` in local
 * storage. It is independent of the customer's API key; either may exist without the other.
 */
export function getAdminToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.adminToken) || null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.adminToken) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAdminToken(): string | null {
  return useSyncExternalStore(subscribe, getAdminToken, () => null);
}

function write(value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(STORAGE_KEYS.adminToken);
    else localStorage.setItem(STORAGE_KEYS.adminToken, value);
  } catch {
    // Storage disabled: the operator signs in again on the next visit.
  }
  listeners.forEach((listener) => listener());
}

export function setAdminToken(token: string): void {
  write(token);
}

/** An invalid token is removed, and so is the token on logout: a stored token always means a usable one. */
export function clearAdminToken(): void {
  write(null);
}
