/** PostgreSQL error codes we react to; drizzle wraps the driver's error in `cause`. */
const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

function sqlState(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === UNIQUE_VIOLATION;
}

export function isCheckViolation(error: unknown): boolean {
  return sqlState(error) === CHECK_VIOLATION;
}

/**
 * Class 22, "data exception": the database refused a value itself (a NUL byte, a number out of
 * range, a string too long). That is the client's input, never a server fault.
 */
export function isDataException(error: unknown): boolean {
  return sqlState(error)?.startsWith('22') ?? false;
}
