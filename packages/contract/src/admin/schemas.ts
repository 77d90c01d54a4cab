import { z } from 'zod';
import { boundedText, successTrue } from '../common/schemas';

export const AdminLoginRequestSchema = z.object({
  secretCode: boundedText(500),
  /** Once the operator set up an authenticator app: its 6 digits, or one of the recovery codes. */
  totp: boundedText(50).optional(),
});
export const AdminLoginResponseSchema = z.object({
  success: successTrue,
  token: z.string(),
  /** ISO 8601 */
  expiresAt: z.string(),
});
export const AdminVerifyRequestSchema = z.object({ token: boundedText(500) });
export const AdminVerifyResponseSchema = z.object({ success: successTrue });
export const AdminLogoutResponseSchema = z.object({ success: successTrue });
