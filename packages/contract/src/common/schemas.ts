import { z } from 'zod';
import { MAX_PURCHASE_HOURS, MIN_PURCHASE_HOURS } from '../constants';
import { RENTAL_STATUSES } from '../statuses';

/** Every successful answer carries `success: true`. */
export const successTrue = z.literal(true);

/** A success answer: `success: true` first, then the call's own fields in their order. */
export const successResponse = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ success: successTrue, ...shape });

/** A row's id in a path or a query: text turned into a whole number from 1 up to the largest safe integer. */
export const IdParamSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * A row's id written as text, where text may also be something else (a search, a referral key, a
 * cursor): up to 15 digits, so the number is always a safe integer and never needs a range check.
 */
export const ROW_ID_TEXT = /^\d{1,15}$/;

/** Bounded text: no request field may be large enough to strain storage or logs. */
export const boundedText = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/** A dollar amount as the API speaks it: a JSON number with at most 2 decimals. */
export const DollarsSchema = z.number();

/**
 * A whole number that the browser may send as text: a number, or up to `digits` digits (the text
 * is read with `Number`), then held to `bounds`.
 */
const wholeNumberOrText = (digits: number, message: string, bounds: z.ZodNumber) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(new RegExp(`^\\d{1,${digits}}$`), message),
    ])
    .transform(Number)
    .pipe(bounds);

/** Proxy ids are positive integers; the browser may send them as text. */
export const ProxyIdSchema = wholeNumberOrText(
  15,
  'must be a whole number',
  z.number().int('must be a whole number').positive('must be a positive number').max(Number.MAX_SAFE_INTEGER),
);

/** Purchase hours: text or number, whole, 1..8760. */
export const PurchaseHoursSchema = wholeNumberOrText(
  6,
  'must be a whole number of hours',
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
