/** `1 account`, `2 accounts`: the command line speaks English only, so two forms are enough. */
export const counted = (count: number, one: string, other = `${one}s`): string =>
  `${count} ${count === 1 ? one : other}`;
