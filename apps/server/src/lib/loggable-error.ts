/**
 * An error as it may be written to a log. Drizzle puts every query parameter into its message
 * (upstream credentials, gift card codes, key hashes), and PostgreSQL's own message may quote a
 * value, so a database error is logged by its SQLSTATE and constraint only.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  // Node's URL parser keeps the text it refused as `input`: an upstream URL with its password.
  if ((error as { code?: unknown }).code === 'ERR_INVALID_URL') {
    return { error: error.name, code: 'ERR_INVALID_URL', message: 'Invalid URL' };
  }
  const params = (error as { params?: unknown }).params;
  const cause = (error as { cause?: unknown }).cause as { code?: unknown; constraint?: unknown } | undefined;
  const fromDatabase = params !== undefined || typeof cause?.code === 'string';
  if (!fromDatabase) return error;
  return {
    error: error.name,
    message: 'database query failed',
    sqlState: typeof cause?.code === 'string' ? cause.code : undefined,
    constraint: typeof cause?.constraint === 'string' ? cause.constraint : undefined,
    // Stack frames only: the lines before them repeat the message, parameters included.
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
}
