/** Joins class names, skipping falsy ones (the small part of `clsx` the primitives need). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
