import type { KeyboardEvent } from 'react';

/**
 * Where a key press inside a group of items (accordion triggers, tabs) moves focus, as the WAI-ARIA
 * patterns ask: the previous or next item (wrapping around), the first with Home, the last with End.
 * Such a key is kept from scrolling the page; any other key, or one from outside the items, gives null.
 */
export function rovingTarget<T extends HTMLElement>(
  event: KeyboardEvent<HTMLElement>,
  itemSelector: string,
  [previousKey, nextKey]: readonly [string, string],
): T | null {
  const items = [...event.currentTarget.querySelectorAll<T>(itemSelector)];
  const index = items.indexOf(event.target as T);
  if (index < 0) return null;
  const moves: Record<string, number> = {
    [nextKey]: index + 1,
    [previousKey]: index - 1,
    Home: 0,
    End: items.length - 1,
  };
  const next = moves[event.key];
  if (next === undefined) return null;
  event.preventDefault();
  return items[(next + items.length) % items.length] ?? null;
}
