import { randomInt } from 'node:crypto';

/**
 * Capitals and digits without the look-alikes I, L, O, 0 and 1: a code read off a card or a
 * screenshot types back the same. 16 characters of these 31 carry 79 random bits, shown as
 * XXXX-XXXX-XXXX-XXXX.
 */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 16;

export function newGiftcardCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export function formatGiftcardCode(normalized: string): string {
  return normalized.match(/.{1,4}/g)?.join('-') ?? normalized;
}

/**
 * What a person may type: any case, spaces or dashes. Codes issued before the alphabet lost its
 * look-alikes may hold an I, which neither 1 nor L ever stood for: both are read as I.
 */
export function normalizeGiftcardCode(input: string): string {
  return input
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .replace(/[1L]/g, 'I');
}

/**
 * A code as lists show it: its last four characters. A code is a bearer credit, so whoever reads a
 * list must not be able to redeem from it; the last four still tell codes apart.
 */
export function maskGiftcardCode(normalized: string): string {
  return formatGiftcardCode('*'.repeat(Math.max(0, normalized.length - 4)) + normalized.slice(-4));
}
