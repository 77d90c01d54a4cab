import { STORAGE_KEYS } from '@portal/contract';
import { useSyncExternalStore } from 'react';
import { readStored, storedItemEvents, writeStored } from '../../../lib/stored-item';

/**
 * The operator's session: the token from the admin login, kept under `adminToken` in local
 * storage. It is independent of the customer's API key; either may exist without the other.
 */
export function getAdminToken(): string | null {
  return readStored(STORAGE_KEYS.adminToken);
}

const events = storedItemEvents(STORAGE_KEYS.adminToken);

export function useAdminToken(): string | null {
  return useSyncExternalStore(events.subscribe, getAdminToken, () => null);
}

function write(value: string | null): void {
  writeStored(STORAGE_KEYS.adminToken, value);
  events.notify();
}

export function setAdminToken(token: string): void {
  write(token);
}

/** An invalid token is removed, and so is the token on logout: a stored token always means a usable one. */
export function clearAdminToken(): void {
  write(null);
}
