import type { RowProblem } from '@portal/contract';

/**
 * What went wrong with a call: `http` (the server answered with an error status), `network`
 * (no answer, including the timeout), `invalid-response` (an answer the contract does not allow)
 * or `no-key` (a customer call without a stored key; the session has already ended).
 */
export type ApiErrorKind = 'http' | 'network' | 'invalid-response' | 'no-key';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** HTTP status, or null when there was no answer. */
    readonly status: number | null,
    /** The envelope's `error` sentence, when the server sent one. */
    readonly serverMessage?: string,
    /** The envelope's `code`, when the server sent one. */
    readonly code?: string,
    /** Every refused row of a bulk request (inventory import), when the server listed them. */
    readonly problems?: RowProblem[],
    /**
     * For an `invalid-response`: the answer was not JSON at all (an empty body, a proxy's HTML page),
     * which some screens word apart from JSON of the wrong shape.
     */
    readonly notJson = false,
  ) {
    super(serverMessage ?? `${kind}${status === null ? '' : ` ${status}`}`);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A 4xx, or a call without a key, will not change on retry; a dropped connection or a 5xx may. */
export function mayRetry(error: unknown): boolean {
  return !(isApiError(error) && (error.kind === 'no-key' || (error.status !== null && error.status < 500)));
}
