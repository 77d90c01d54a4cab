import { z } from 'zod';
import { MAX_PURCHASE_HOURS, MIN_PURCHASE_HOURS } from '../constants';
import { RENTAL_STATUSES } from '../statuses';

/** Every successful answer carries `success: true`. */
export const successTrue = z.literal(true);

/** A success answer: `success: true` first, then the call's own fields in their order. */
export const successResponse = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ success: successTrue, ...shape });

/** Bounded text: no request field may be large enough to strain storage or logs. */
export const boundedText = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/** A dollar amount as the API speaks it: a JSON number with at most 2 decimals. */
export const DollarsSchema = z.number();

/** Proxy ids are positive integers; the browser may send them as text. */
export const ProxyIdSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,15}$/, 'must be a whole number'),
  ])
  .transform(Number)
  .pipe(z.number().int('must be a whole number').positive('must be a positive number').max(Number.MAX_SAFE_INTEGER));

/** Purchase hours: text or number, whole, 1..8760. */
export const PurchaseHoursSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, 'must be a whole number of hours'),
  ])
  .transform(Number)
  .pipe(
    z
      .number()
      .int('must be a whole number of hours')
      .min(MIN_PURCHASE_HOURS, `must be at least ${MIN_PURCHASE_HOURS}`)
      .max(MAX_PURCHASE_HOURS, `must be at most ${MAX_PURCHASE_HOURS}`),
  );

export const RentalStatusSchema = z.enum(RENTAL_STATUSES);

/** The public facts of one proxy, as listed in the catalogue. */
export const ProxyFactsSchema = z.object({
  id: z.number().int(),
  ip: z.string(),
  country: z.string(),
  region: z.string(),
  city: z.string(),
  ISP: z.string(),
  zip: z.string(),
  ipqualityscore: z.number(),
});
