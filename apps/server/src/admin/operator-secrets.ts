import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hashSecret } from '../lib/secrets';

/**
 * An operator's secret code: `op-<lookup>-<secret>`. The lookup (48 random bits, stored in clear)
 * finds the one row to check, so a login costs one slow hash however large the team; the rest is
 * 256 random bits, kept only as a scrypt hash with a salt of its own.
 */
const CODE = /^op-([0-9a-f]{12})-([A-Za-z0-9_-]{43})$/;

/** About 50 ms and 16 MiB on a small server: slow for a guesser, quick enough for a login. */
const SCRYPT: ScryptOptions & { N: number; r: number; p: number } = {
  N: 2 ** 14,
  r: 8,
  p: 1,
  maxmem: 64 * 1024 * 1024,
};
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, options: typeof SCRYPT): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export function newOperatorSecret(): { code: string; lookup: string } {
  const lookup = randomBytes(6).toString('hex');
  return { code: `op-${lookup}-${randomBytes(32).toString('base64url')}`, lookup };
}

/** The lookup part of a code in the operators' format, or null (the owner's ADMIN_SECRET, a typo). */
export function lookupOf(code: string): string | null {
  return CODE.exec(code)?.[1] ?? null;
}

/** `scrypt$N$r$p$salt$hash`: the parameters travel with the hash, so they can grow later. */
export async function hashOperatorSecret(code: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(code, salt, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function operatorSecretMatches(code: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem };
  const actual = await derive(code, Buffer.from(salt, 'base64'), options);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** `xxxx-xxxx-xxxx-xxxx` from 32 letters and digits (no 0/o, 1/l): 80 random bits. */
export function newRecoveryCode(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

/** Typed in any case, with or without dashes or spaces. 80 random bits need no slow hash. */
export function recoveryCodeHash(code: string): string {
  return hashSecret(code.toLowerCase().replace(/[\s-]/g, ''));
}
