/**
 * Whether two versions (`1.0.0+3f2a1b9c0d4e`: the release, then the commit when known) name the
 * same code. Where either names no commit (a copy without git), only the releases can be
 * compared: an unknown commit is not evidence of other code.
 */
export function sameCode(a: string, b: string): boolean {
  const [releaseA, commitA] = a.split('+');
  const [releaseB, commitB] = b.split('+');
  return commitA && commitB ? a === b : releaseA === releaseB;
}
