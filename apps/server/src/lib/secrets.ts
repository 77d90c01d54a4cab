import { createHash, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** URL-safe random text with `bytes * 8` bits of entropy. */
export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * SHA-256 is enough for secrets that are themselves 128+ random bits:
 * there is nothing to brute-force, so a slow password hash would only cost latency.
 */
export function hashSecret(secret: string): string {
  // The one-shot form: a third of createHash's cost, and every customer call hashes its key.
  return hash('sha256', secret, 'hex');
}

/** Compares two secrets in time independent of where they differ (hashing equalizes length). */
export function secretsEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

const READABLE = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Short code for links people read and type (no 0/o, 1/l). */
export function readableCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += READABLE[randomInt(READABLE.length)];
  return code;
}
