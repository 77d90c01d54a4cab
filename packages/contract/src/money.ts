import { z } from 'zod';

/**
 * Money crosses the edge here and only here: the API speaks dollars with at most 2 decimals,
 * everything behind it (server, database, price function) counts integer cents.
 */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Dollars with at most 2 decimals to cents, exactly; throws on anything else. */
export function dollarsToCents(dollars: number): number {
  const cents = Math.round(dollars * 100);
  if (!Number.isFinite(dollars) || !Number.isSafeInteger(cents) || Math.abs(cents - dollars * 100) > 1e-6) {
    throw new RangeError(`not an amount of dollars and cents: ${dollars}`);
  }
  return cents;
}

/**
 * An amount in dollars from outside the shop (a payment provider's invoice, a wallet answer the
 * browser holds) to the nearest cent. Only for amounts the shop does not check for exactness.
 */
export function dollarsToNearestCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`not an amount of dollars: ${dollars}`);
  return Math.round(dollars * 100);
}

const hasAtMostCents = (dollars: number) =>
  Number.isFinite(dollars) && Math.abs(Math.round(dollars * 100) - dollars * 100) < 1e-6;

/**
 * A dollar amount as a client sends it (a JSON number, at most 2 decimals, at most `max` either
 * way), turned into cents by the schema itself: handlers get cents, never dollars.
 */
export function dollarsAsCents(name: string, max: number) {
  return z
    .number({ error: `${name} must be a number of dollars` })
    .refine(
      (dollars) => Number.isFinite(dollars) && Math.abs(dollars) <= max,
      `${name} must be at most ${max.toLocaleString('en-US')} dollars`,
    )
    .refine(hasAtMostCents, `${name} must have at most 2 decimals`)
    .transform(dollarsToCents);
}

/** Whole-dollar amounts (deposits) to cents; throws on anything that is not a safe whole number. */
export function wholeDollarsToCents(dollars: number): number {
  if (!Number.isSafeInteger(dollars)) throw new RangeError(`not a whole number of dollars: ${dollars}`);
  return dollars * 100;
}

/** An amount in cents as `$12.50`. */
export function formatCents(cents: number): string {
  return formatDollars(centsToDollars(cents));
}

/** `$12.50`: a dollar sign and exactly two decimals, `$0.00` when the value is missing. */
export function formatDollars(value: number | null | undefined): string {
  const safe = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const text = Math.abs(safe).toFixed(2);
  return safe < 0 && text !== '0.00' ? `-$${text}` : `$${text}`;
}
