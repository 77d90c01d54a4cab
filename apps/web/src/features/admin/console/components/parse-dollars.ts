/**
 * A dollar amount typed into a console form (a comma read as the decimal point), or null when the
 * server would refuse its shape: at most 2 decimals, not 0, at most `max` (the contract's bound
 * for that call) either way, and below zero only where `signed`. A longer run of digits than
 * `max` has is refused before it is read as a number.
 */
export function parseDollars(text: string, { max, signed }: { max: number; signed: boolean }): number | null {
  const trimmed = text.trim().replace(',', '.');
  const shape = new RegExp(`^${signed ? '[-+]?' : ''}\\d{1,${String(Math.trunc(max)).length}}(\\.\\d{1,2})?$`);
  if (!shape.test(trimmed)) return null;
  const value = Number(trimmed);
  return value !== 0 && Math.abs(value) <= max ? value : null;
}
