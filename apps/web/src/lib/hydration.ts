import { useEffect } from 'react';

let markHydrated: () => void = () => undefined;
let hydrated: Promise<void> = Promise.resolve();

/** main.tsx calls this before hydrateRoot: until <HydrationDone /> commits, the page is the server's HTML. */
export function hydrationStarted(): void {
  hydrated = new Promise((resolve) => (markHydrated = resolve));
}

/**
 * Rendered last in the hydrated tree: its effect runs once the whole tree has hydrated. It renders
 * nothing, so the server's HTML (which has no such element) still matches.
 */
export function HydrationDone(): null {
  useEffect(() => markHydrated(), []);
  return null;
}

/**
 * Resolves once hydration is over (at once when the page was rendered on the client). A native
 * control such as the language select works before React owns the page; a state change it makes
 * while the rest is still hydrating renders new text against the server's HTML, which React
 * reports as a mismatch and renders again (issue 17).
 */
export function afterHydration(): Promise<void> {
  return hydrated;
}
