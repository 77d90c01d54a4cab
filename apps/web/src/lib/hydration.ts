import { useEffect } from 'react';

let markHydrated: () => void = () => undefined;
let hydrated: Promise<void> = Promise.resolve();

/** main.tsx calls this before hydrateRoot: until <HydrationDone /> commits, the page is the server's HTML. */
export function hydrationStarted(): void {
  hydrated = new Promise((resolve) => (markHydrated = resolve));
}

/**
 * Rendered last inside the innermost Suspense boundary of the public shell (app/public-app.tsx):
 * React commits the root first and hydrates each boundary in a later pass, so an effect at the
 * root ran while the page itself was still the server's HTML. Here it runs once the whole tree
 * has hydrated. It renders nothing, so the server's HTML matches whether it is there or not.
 */
export function HydrationDone(): null {
  useEffect(() => markHydrated(), []);
  return null;
}

/**
 * Resolves once hydration is over (at once when the page was rendered on the client). A native
 * control such as the language select works before React owns the page; a state change it makes
 * while the rest is still hydrating renders new text against the server's HTML, which React
 * reports as a mismatch and renders again.
 */
export function afterHydration(): Promise<void> {
  return hydrated;
}
