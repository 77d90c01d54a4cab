import { defineMutation } from '../../../../lib/define-hooks';
import { adminKeys } from '../../api/keys';
import { consoleKeys } from './keys';

/**
 * A change an operator makes in the console: its lists, counts and audit log may all show it, so
 * everything under `consoleKeys.all` is refreshed (only what is on screen refetches now), and the
 * change stays pending until then so the screen shows the new figures when its button is enabled again.
 */
export function defineConsoleChange<I, T>(send: (input: I) => Promise<T>) {
  return defineMutation(send, { refreshes: () => consoleKeys.all, waitForRefetch: true });
}

/** The same for a change to the team, which may also change the signed-in operator (`adminKeys.me`). */
export function defineTeamChange<I, T>(send: (input: I) => Promise<T>) {
  return defineMutation(send, { refreshes: () => adminKeys.all, waitForRefetch: true });
}
