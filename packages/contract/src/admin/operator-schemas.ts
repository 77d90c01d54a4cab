import { z } from 'zod';
import { IdParamSchema, boundedText, successResponse } from '../common/schemas';
import { ADMIN_ROLES } from './roles';

export const AdminRoleSchema = z.enum(ADMIN_ROLES);

export const OperatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: AdminRoleSchema,
  /** The owner of `ADMIN_SECRET`: always there, never removed. */
  builtin: z.boolean(),
  totpEnabled: z.boolean(),
  /** Too many wrong authenticator codes at login: no login until the owner unlocks them. */
  locked: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type Operator = z.infer<typeof OperatorSchema>;

/** The longest operator name, in characters (the console's field stops there too). */
export const MAX_OPERATOR_NAME_LENGTH = 40;
export const OPERATOR_NAME_PATTERN = new RegExp(
  `^[\\p{L}\\p{N}][\\p{L}\\p{N} ._-]{0,${MAX_OPERATOR_NAME_LENGTH - 1}}$`,
  'u',
);

export const OperatorCreateRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .regex(
      OPERATOR_NAME_PATTERN,
      `name must be 1 to ${MAX_OPERATOR_NAME_LENGTH} letters, digits, spaces, dots, dashes or underscores`,
    ),
  role: AdminRoleSchema,
});
export const OperatorCreateResponseSchema = successResponse({
  operator: OperatorSchema,
  /** Shown this once: only a slow hash of it is kept. */
  secretCode: z.string(),
});
export const OperatorListResponseSchema = successResponse({
  operators: z.array(OperatorSchema),
  /** Whether every operator must use an authenticator app. */
  totpRequired: z.boolean(),
});
export const OperatorIdParamsSchema = z.object({ id: IdParamSchema });
export const OperatorDeleteResponseSchema = successResponse({ id: z.number().int() });

export const TotpPolicyRequestSchema = z.object({ required: z.boolean() });
export const TotpPolicyResponseSchema = successResponse({ totpRequired: z.boolean() });

export const AdminMeResponseSchema = successResponse({
  operator: OperatorSchema,
  totpRequired: z.boolean(),
});
export type AdminMe = z.infer<typeof AdminMeResponseSchema>;

/**
 * The authenticator app's codes (RFC 6238, what Google Authenticator and the others show by
 * default): 6 digits, a new one every 30 seconds. The server passes both to otplib, the console
 * checks a typed code's form with the pattern, and the console's texts state both.
 */
export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
/** A code as the app shows it: exactly TOTP_DIGITS digits. */
export const TOTP_CODE_PATTERN = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

export const TotpEnrollResponseSchema = successResponse({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** The same secret as an `otpauth://` address, for the QR code. */
  otpauth_url: z.string(),
});
export const TotpConfirmRequestSchema = z.object({ code: boundedText(50) });
export const TotpConfirmResponseSchema = successResponse({
  /** Each works once instead of a code from the app; shown this once. */
  recoveryCodes: z.array(z.string()),
});

export const OperatorUnlockResponseSchema = successResponse({ id: z.number().int() });

export const AdminSessionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The address the login came from (null: sessions from before this was kept). */
  source: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The login passed the authenticator app. */
  secondFactor: z.boolean(),
  /** The session this call was made with. */
  current: z.boolean(),
});
export type AdminSessionView = z.infer<typeof AdminSessionSchema>;
export const AdminSessionListResponseSchema = successResponse({
  /** The caller's own unexpired sessions, newest first. */
  sessions: z.array(AdminSessionSchema),
});
export const AdminSessionIdParamsSchema = z.object({ id: IdParamSchema });
export const AdminSessionEndResponseSchema = successResponse({ id: z.number().int() });
