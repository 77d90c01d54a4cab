/** Business constants and limits of shared by browser and server. */

export const MIN_PURCHASE_HOURS = 1;
/** By design: one year is the longest single purchase or extension. */
export const MAX_PURCHASE_HOURS = 8760;
export const PURCHASE_HOURS_FALLBACK = 1;

export const MIN_DEPOSIT_USD = 1;
export const CRYPTO_METHODS = ['BTC', 'LTC'] as const;

export const REFUND_UNAVAILABLE_WINDOW_HOURS = 2;
export const REFUND_REQUEST_WINDOW_HOURS = 5;

/** Ports the terms forbid (no SMTP): the gateway refuses them and the terms list them. */
export const BLOCKED_PORTS: ReadonlySet<number> = new Set([25, 465, 587]);

/** RENTAL_SOURCE_WINDOW_HOURS when unset: the window in which a rental's client addresses are counted. */
export const DEFAULT_SOURCE_WINDOW_HOURS = 24;

export const CATALOGUE_PAGE_SIZE = 100;
export const REFRESH_COOLDOWN_MS = 20_000;
export const SUMID_CHECK_INTERVAL_MS = 30_000;
export const SORT_DELAY_MS = 100;

export const TIMEOUTS_MS = {
  default: 10_000,
  proxyList: 30_000,
  sumid: 10_000,
  buy: 10_000,
  extend: 20_000,
  paymentCreate: 20_000,
  chunkLoad: 120_000,
} as const;

export const POLLING_MS = {
  paymentStatus: 5_000,
  purchasedFirst: 2_000,
  purchasedEvery: 5_000,
} as const;

export const DISPLAY_MS = {
  toast: 3_000,
  copyMessage: 3_000,
  balanceRedirect: 500,
  historyReload: 500,
} as const;

export const LANGUAGES = ['en', 'ru', 'hi', 'es', 'fr', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Local storage keys; existing browsers hold these names, so they never change. */
export const STORAGE_KEYS = {
  apiKey: 'apiKey',
  referralCode: 'referralCode',
  language: 'language',
  sumid: 'sumid',
  proxyList: 'proxyList',
  adminToken: 'adminToken',
} as const;

/** Fraud score filter bands (inclusive bounds), each score in exactly one band. */
export const FRAUD_SCORE_BANDS = {
  'very-low': { min: 0, max: 25 },
  low: { min: 26, max: 50 },
  medium: { min: 51, max: 75 },
  high: { min: 76, max: 100 },
} as const;
export type FraudScoreBand = keyof typeof FRAUD_SCORE_BANDS;

/** Colour steps of the fraud score bar: 0, up to 25, 50, 75, 99, then 100. */
export const FRAUD_SCORE_COLOUR_STEPS = [0, 25, 50, 75, 99, 100] as const;

export function fraudScoreColourStep(score: number): number {
  const index = FRAUD_SCORE_COLOUR_STEPS.findIndex((limit) => score <= limit);
  return index === -1 ? FRAUD_SCORE_COLOUR_STEPS.length - 1 : index;
}
