/** A local storage item; null when it is absent or empty, or when storage is disabled. */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key) || null;
  } catch {
    return null;
  }
}

/** Stores (or, with null, removes) an item; with storage disabled nothing is kept, and reads answer null. */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the next visit starts without it.
  }
}

/**
 * What `useSyncExternalStore` needs to follow one stored item: `subscribe`, which also hears other
 * tabs change it (the `storage` event), and `notify`, which the writer in this tab calls.
 */
export function storedItemEvents(key: string) {
  const listeners = new Set<() => void>();
  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === key) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }
  return { subscribe, notify: () => listeners.forEach((listener) => listener()) };
}
