import { HOUR_MS } from '../common/time';

/**
 * A Telegram deep link's code (a customer's or an operator's) works this long, once. The server
 * stores it with this expiry; the account and console pages say "one hour" in words, as each
 * language says it (a test of the account page fails if this moves away from an hour).
 */
export const LINK_CODE_MS = HOUR_MS;
