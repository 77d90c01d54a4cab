import type { KeyboardEvent } from 'react';

/**
 * The button among `selector`'s, inside the element listening, that an arrow key (`back` and
 * `forward`), Home or End moves to from the focused one, wrapping round; null for any other key.
 * It is focused, and the key's default (scrolling) prevented.
 */
export function focusByArrowKey(
  event: KeyboardEvent<HTMLElement>,
  selector: string,
  [back, forward]: readonly [string, string],
): HTMLButtonElement | null {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>(selector)];
  const index = buttons.indexOf(event.target as HTMLButtonElement);
  if (index < 0) return null;
  const next = { [forward]: index + 1, [back]: index - 1, Home: 0, End: buttons.length - 1 }[event.key];
  if (next === undefined) return null;
  event.preventDefault();
  const button = buttons[(next + buttons.length) % buttons.length] ?? null;
  button?.focus();
  return button;
}
