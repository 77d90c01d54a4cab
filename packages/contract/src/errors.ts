import { z } from 'zod';

/**
 * Error codes the server sends in the envelope, with their English text.
 * The English text is fixed: existing clients and scripts match these sentences, so they change only with
 * the API. The browser may show a translation keyed by the code instead.
 */
export const ERROR_CODES = {
  API_KEY_REQUIRED: 'API key is required',
  INVALID_API_KEY: 'Invalid API key',
  SESSION_ENDED: 'Session ended: signed in elsewhere',
  SESSION_LOGGED_OUT: 'Session ended: you logged out',
  API_KEY_RATE_LIMITED: 'Too many invalid API keys from this address. Please wait a minute and try again.',
  BAD_REQUEST: 'Bad request',
  INVALID_JSON: 'The request body is not valid JSON',
  UNSUPPORTED_MEDIA_TYPE: 'The request body must be JSON',
  PAYLOAD_TOO_LARGE: 'The request body is too large',
  NOT_FOUND: 'Not found',
  RATE_LIMITED: 'Too many requests. Please wait and try again.',
  LOGIN_RATE_LIMITED: 'Too many login attempts. Please wait a minute and try again.',
  INTERNAL: 'Server error',
  NOT_ENOUGH_FUNDS: 'You need to add funds to access proxies',
  PROXY_NOT_FOUND: 'Proxy not found',
  PROXY_UNAVAILABLE: 'This proxy is no longer available',
  PROXY_ALREADY_RENTED: 'This proxy is already rented by another customer',
  INSUFFICIENT_BALANCE: 'Insufficient balance. You need to add funds to your account to buy proxies.',
  RENTAL_NOT_EXTENDABLE: 'This proxy is still being activated; extend it once it is connected',
  RENTAL_NOT_FOUND: 'You have no rental of this proxy',
  REFUND_NOT_CONNECTED: 'Only a connected proxy can be refunded',
  REFUND_WINDOW_PASSED: 'Refunds must be requested within 5 hours of purchase',
  REFUND_ALREADY_REQUESTED: 'A refund was already requested for this proxy (one request per proxy)',
  REFUND_NOT_ELIGIBLE:
    'This proxy did not become unavailable within 2 hours of purchase, so it is not eligible for a refund',
  INVALID_SECRET_CODE: 'Invalid secret code',
  ADMIN_TOKEN_INVALID: 'Admin session is invalid or has expired. Please log in again.',
  ADMIN_RATE_LIMITED: 'Too many admin login attempts. Please wait and try again.',
  ADMIN_ROLE_FORBIDDEN: 'Your operator role does not allow this.',
  TOTP_REQUIRED: 'Enter the code from your authenticator app.',
  TOTP_INVALID: 'The authenticator code is wrong or was already used.',
  TOTP_ENROLMENT_REQUIRED: 'Set up an authenticator app before using the console.',
  TOTP_CODE_WRONG: 'That code is not the one your authenticator app shows now. Try the next one.',
  TOTP_NOT_PENDING: 'Start the authenticator setup first.',
  TOTP_ALREADY_ENABLED: 'The authenticator app is already set up.',
  OPERATOR_NOT_FOUND: 'No such operator.',
  OPERATOR_NAME_TAKEN: 'An operator already has this name.',
  OPERATOR_BUILTIN: 'The owner of ADMIN_SECRET cannot be removed.',
  OPERATOR_LOCKED: 'Too many wrong authenticator codes: this operator is locked until the owner unlocks them.',
  ADMIN_SESSION_NOT_FOUND: 'No such session of yours.',
  GIFTCARD_NOT_FOUND: 'No such gift card.',
  IMPORT_INVALID: 'The import was rejected',
  BALANCE_WOULD_BE_NEGATIVE: 'The adjustment would make the balance negative',
  USER_NOT_FOUND: 'Customer not found',
  PAYMENT_NOT_FOUND: 'Payment not found',
  PAYMENT_METHOD_UNKNOWN: 'This payment method is not available',
  PROVIDER_UNAVAILABLE: 'The payment provider is unavailable. Please try again later.',
  WEBHOOK_SIGNATURE_INVALID: 'Invalid webhook signature',
  GIFTCARD_INVALID: 'Gift card code does not exist or has already been activated',
  GIFTCARD_RATE_LIMITED: 'Too many gift card attempts. Please wait a minute and try again.',
  SERVICE_UNAVAILABLE: 'The server is starting or restarting. Please try again in a moment.',
  IP_AUTH_UNAVAILABLE: 'IP authorization is not offered on this server',
  IP_AUTH_PORTS_EXHAUSTED:
    'No gateway port is free for IP authorization right now. Please try again later or contact support.',
  IP_AUTH_PORT_LIMIT_REACHED:
    'Your account has IP authorization on as many rentals as one account may have. Turn it off on another rental first.',
  RENTAL_NOT_CONNECTED: 'Only a connected proxy can be replaced',
  PROXY_STILL_HEALTHY: 'This proxy passes its health checks or is carrying your traffic, so it cannot be replaced',
  REPLACEMENT_LIMIT_REACHED: 'This rental was replaced as often as a day allows. Please try again later.',
  NO_REPLACEMENT_AVAILABLE:
    'No comparable proxy is free right now. Please try again later; a refund may still apply within its window.',
  TELEGRAM_NOT_CONFIGURED: 'Telegram notices are not offered on this server',
  TELEGRAM_UNAVAILABLE: 'Telegram cannot be reached right now. Please try again later.',
  EMAIL_NOT_CONFIGURED: 'E-mail notices are not offered on this server',
  EMAIL_TOKEN_INVALID: 'This confirmation link is invalid or has expired',
  EMAIL_NOT_SET: 'Set and confirm an e-mail address first',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** One reason a row of a bulk request was refused (row numbers count data rows from 1). */
export const RowProblemSchema = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type RowProblem = z.infer<typeof RowProblemSchema>;

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string().optional(),
  /** The same sentence, for calls whose clients read `message` (gift cards). */
  message: z.string().optional(),
  /** Bulk requests (inventory import) list every refused row, not only the first. */
  problems: z.array(RowProblemSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** HTTP status for each code: one table, used by the server's error handler. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  API_KEY_REQUIRED: 400,
  INVALID_API_KEY: 401,
  SESSION_ENDED: 401,
  SESSION_LOGGED_OUT: 401,
  API_KEY_RATE_LIMITED: 429,
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  LOGIN_RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_ENOUGH_FUNDS: 402,
  PROXY_NOT_FOUND: 404,
  PROXY_UNAVAILABLE: 409,
  PROXY_ALREADY_RENTED: 409,
  INSUFFICIENT_BALANCE: 402,
  RENTAL_NOT_EXTENDABLE: 409,
  RENTAL_NOT_FOUND: 404,
  REFUND_NOT_CONNECTED: 409,
  REFUND_WINDOW_PASSED: 409,
  REFUND_ALREADY_REQUESTED: 409,
  REFUND_NOT_ELIGIBLE: 409,
  INVALID_SECRET_CODE: 401,
  ADMIN_TOKEN_INVALID: 401,
  ADMIN_RATE_LIMITED: 429,
  ADMIN_ROLE_FORBIDDEN: 403,
  TOTP_REQUIRED: 401,
  TOTP_INVALID: 401,
  TOTP_ENROLMENT_REQUIRED: 403,
  TOTP_CODE_WRONG: 400,
  TOTP_NOT_PENDING: 409,
  TOTP_ALREADY_ENABLED: 409,
  OPERATOR_NOT_FOUND: 404,
  OPERATOR_NAME_TAKEN: 409,
  OPERATOR_BUILTIN: 409,
  OPERATOR_LOCKED: 403,
  ADMIN_SESSION_NOT_FOUND: 404,
  GIFTCARD_NOT_FOUND: 404,
  IMPORT_INVALID: 400,
  BALANCE_WOULD_BE_NEGATIVE: 409,
  USER_NOT_FOUND: 404,
  PAYMENT_NOT_FOUND: 404,
  PAYMENT_METHOD_UNKNOWN: 400,
  PROVIDER_UNAVAILABLE: 502,
  WEBHOOK_SIGNATURE_INVALID: 401,
  GIFTCARD_INVALID: 404,
  GIFTCARD_RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  IP_AUTH_UNAVAILABLE: 503,
  IP_AUTH_PORTS_EXHAUSTED: 503,
  IP_AUTH_PORT_LIMIT_REACHED: 409,
  RENTAL_NOT_CONNECTED: 409,
  PROXY_STILL_HEALTHY: 409,
  REPLACEMENT_LIMIT_REACHED: 429,
  NO_REPLACEMENT_AVAILABLE: 409,
  TELEGRAM_NOT_CONFIGURED: 503,
  TELEGRAM_UNAVAILABLE: 502,
  EMAIL_NOT_CONFIGURED: 503,
  EMAIL_TOKEN_INVALID: 404,
  EMAIL_NOT_SET: 409,
};

/** Errors whose clients read the sentence from `message` rather than `error`, so both carry it. */
export const ERRORS_ALSO_AS_MESSAGE: readonly ErrorCode[] = ['GIFTCARD_INVALID', 'GIFTCARD_RATE_LIMITED'];
