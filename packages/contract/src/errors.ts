import { z } from 'zod';

/**
 * Error codes the server sends in the envelope (DESIGN section 9), with their English text.
 * The text is the spec's wording where the spec names the message; the browser may show a
 * translation keyed by the code instead.
 */
export const ERROR_CODES = {
  API_KEY_REQUIRED: 'API key is required',
  INVALID_API_KEY: 'Invalid API key',
  SESSION_ENDED: 'Session ended: signed in elsewhere',
  BAD_REQUEST: 'Bad request',
  INVALID_JSON: 'The request body is not valid JSON',
  UNSUPPORTED_MEDIA_TYPE: 'The request body must be JSON',
  PAYLOAD_TOO_LARGE: 'The request body is too large',
  NOT_FOUND: 'Not found',
  RATE_LIMITED: 'Too many requests. Please wait and try again.',
  LOGIN_RATE_LIMITED: 'Too many login attempts. Please wait a minute and try again.',
  INTERNAL: 'Server error',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** HTTP status for each code: one table, used by the server's error handler. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  API_KEY_REQUIRED: 400,
  INVALID_API_KEY: 401,
  SESSION_ENDED: 401,
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  LOGIN_RATE_LIMITED: 429,
  INTERNAL: 500,
};
