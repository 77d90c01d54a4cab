import { ERROR_CODES, ERROR_STATUS, type ErrorCode, type RowProblem } from '@portal/contract';

/**
 * An expected refusal of the domain (bad key, insufficient balance...). The error handler turns
 * it into the envelope; anything else thrown is a 500.
 */
export class DomainError extends Error {
  readonly statusCode: number;
  readonly problems: RowProblem[] | undefined;

  constructor(
    readonly code: ErrorCode,
    options: { status?: number; message?: string; problems?: RowProblem[] } = {},
  ) {
    super(options.message ?? ERROR_CODES[code]);
    this.name = 'DomainError';
    this.statusCode = options.status ?? ERROR_STATUS[code];
    this.problems = options.problems;
  }
}
