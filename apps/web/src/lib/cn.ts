/**
 * Joins class names, skipping falsy ones (the small part of `clsx` the primitives need). It does
 * not resolve conflicts: of two paddings, Tailwind's CSS order picks the winner, not their order
 * here. So components take size and colour as props and a `className` only adds (a merging
 * library would cost the public pages' script budget several kB).
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
