/** The API speaks dollars with at most 2 decimals; the server computes in integer cents. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Whole-dollar amounts (deposits) to cents; throws on anything that is not a safe whole number. */
export function wholeDollarsToCents(dollars: number): number {
  if (!Number.isSafeInteger(dollars)) throw new RangeError(`not a whole number of dollars: ${dollars}`);
  return dollars * 100;
}

/** `$12.50`: a dollar sign and exactly two decimals, `$0.00` when the value is missing. */
export function formatDollars(value: number | null | undefined): string {
  const safe = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const text = Math.abs(safe).toFixed(2);
  return safe < 0 && text !== '0.00' ? `-$${text}` : `$${text}`;
}
