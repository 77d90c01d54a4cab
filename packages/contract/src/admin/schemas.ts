import { z } from 'zod';
import { boundedText, successResponse } from '../common/schemas';

export const AdminLoginRequestSchema = z.object({
  secretCode: boundedText(500),
  /** Once the operator set up an authenticator app: its 6 digits, or one of the recovery codes. */
  totp: boundedText(50).optional(),
});
export const AdminLoginResponseSchema = successResponse({
  token: z.string(),
  /** ISO 8601 */
  expiresAt: z.string(),
});
export const AdminVerifyRequestSchema = z.object({ token: boundedText(500) });
export const AdminVerifyResponseSchema = successResponse({});
export const AdminLogoutResponseSchema = successResponse({});
