import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration from the environment (DESIGN section 8), validated once at start.
 * Every bad or missing value is reported in one message, one line per variable.
 */
export const PAYMENT_PROVIDERS = ['sandbox', 'cryptomus', 'btcpay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

const port = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a port number` })
    .int(`${name} must be a whole number from 1 to 65535`)
    .min(1, `${name} must be a whole number from 1 to 65535`)
    .max(65535, `${name} must be a whole number from 1 to 65535`)
    .default(fallback);

const count = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be 0 or more`);

const positive = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .default(fallback);

/** Values never repeated in an error message, since the message goes to a terminal or a log. */
const SECRET_VARIABLES = new Set([
  'ADMIN_SECRET',
  'DATABASE_URL',
  'CRYPTOMUS_API_KEY',
  'BTCPAY_API_KEY',
  'BTCPAY_WEBHOOK_SECRET',
]);

const nonEmpty = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'NODE_ENV must be development, production or test' })
    .default('development'),
  PORT: port('PORT', 8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  ADMIN_SECRET: z.string().min(12, 'ADMIN_SECRET must be at least 12 characters long').optional(),
  PAYMENT_PROVIDER: z
    .enum(PAYMENT_PROVIDERS, { error: `PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDERS.join(', ')}` })
    .default('sandbox'),
  DEMO_INVENTORY: count('DEMO_INVENTORY').optional(),
  GATEWAY_HOST: z.string().min(1).default('127.0.0.1'),
  GATEWAY_SOCKS_PORT: port('GATEWAY_SOCKS_PORT', 1080),
  GATEWAY_HTTP_PORT: port('GATEWAY_HTTP_PORT', 8081),
  GATEWAY_ENABLED: z
    .enum(['true', 'false', '1', '0'], { error: 'GATEWAY_ENABLED must be true or false' })
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  GATEWAY_CHECK_URL: z.url({ error: 'GATEWAY_CHECK_URL must be an http:// URL' }).optional(),
  GATEWAY_HANDSHAKE_TIMEOUT_SECONDS: positive('GATEWAY_HANDSHAKE_TIMEOUT_SECONDS', 10),
  GATEWAY_MAX_PENDING_PER_IP: positive('GATEWAY_MAX_PENDING_PER_IP', 64),
  GATEWAY_MAX_CONNECTIONS: z.coerce
    .number({ error: 'GATEWAY_MAX_CONNECTIONS must be a whole number' })
    .int('GATEWAY_MAX_CONNECTIONS must be a whole number')
    .min(16, 'GATEWAY_MAX_CONNECTIONS must be at least 16')
    .optional(),
  GATEWAY_PRIVATE_TARGETS: z
    .enum(['deny', 'allow'], { error: 'GATEWAY_PRIVATE_TARGETS must be deny or allow' })
    .default('deny'),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an absolute URL such as https://portal.example.com' }).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'], { error: 'TRUST_PROXY must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  LOGIN_RATE_LIMIT: positive('LOGIN_RATE_LIMIT', 10),
  REGISTER_RATE_LIMIT: positive('REGISTER_RATE_LIMIT', 30),
  ADMIN_LOGIN_RATE_LIMIT: positive('ADMIN_LOGIN_RATE_LIMIT', 5),
  GIFTCARD_RATE_LIMIT: positive('GIFTCARD_RATE_LIMIT', 10),
  ADMIN_TOKEN_TTL_HOURS: positive('ADMIN_TOKEN_TTL_HOURS', 12),
  RENTAL_GRACE_MINUTES: positive('RENTAL_GRACE_MINUTES', 60),
  PROVISIONING_DEADLINE_SECONDS: positive('PROVISIONING_DEADLINE_SECONDS', 300),
  JOB_INTERVAL_SECONDS: positive('JOB_INTERVAL_SECONDS', 5),
  HEALTH_CHECK_SECONDS: positive('HEALTH_CHECK_SECONDS', 60),
  PAYMENT_LIFETIME_MINUTES: positive('PAYMENT_LIFETIME_MINUTES', 60),
  PAYMENT_RECONCILE_SECONDS: positive('PAYMENT_RECONCILE_SECONDS', 60),
  REFERRAL_PERCENT: z.coerce
    .number({ error: 'REFERRAL_PERCENT must be a number from 0 to 100' })
    .min(0, 'REFERRAL_PERCENT must be a number from 0 to 100')
    .max(100, 'REFERRAL_PERCENT must be a number from 0 to 100')
    .default(10),
  CREDIT_OVERPAYMENTS: z
    .enum(['true', 'false', '1', '0'], { error: 'CREDIT_OVERPAYMENTS must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  CRYPTOMUS_URL: z.url({ error: 'CRYPTOMUS_URL must be a URL' }).default('https://api.cryptomus.com'),
  CRYPTOMUS_MERCHANT: z.string().optional(),
  CRYPTOMUS_API_KEY: z.string().optional(),
  BTCPAY_URL: z.url({ error: 'BTCPAY_URL must be the URL of your BTCPay Server' }).optional(),
  BTCPAY_API_KEY: z.string().optional(),
  BTCPAY_STORE_ID: z.string().optional(),
  BTCPAY_WEBHOOK_SECRET: z.string().optional(),
  BTCPAY_METHODS: z.string().default('BTC,LTC'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminSecret: string | undefined;
  paymentProvider: PaymentProviderName;
  demoInventory: number;
  gateway: {
    /** What customers connect to (shown in their proxy strings). */
    host: string;
    socksPort: number;
    httpPort: number;
    /** Runs inside this process (`npm start`); false when gateways run alone (`npm run gateway`). */
    enabled: boolean;
    /** What provisioning and health checks request through each upstream. */
    checkUrl: string;
    handshakeTimeoutMs: number;
    /** Unauthenticated connections one source address may hold. */
    maxPendingPerSource: number;
    /** Both fronts together; unset: derived from the process's descriptor limit. */
    maxConnections: number | undefined;
    /** Whether `direct` rentals may reach loopback, private and the host's own addresses. */
    privateTargets: 'deny' | 'allow';
    /** Reachable under `deny`: the check URL's host and port outside production (the demo's /healthz). */
    privateTargetException: string | undefined;
  };
  publicUrl: string;
  /** Session cookies get the Secure flag when the portal is reached over https. */
  secureCookies: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** Attempts per IP per minute. */
  loginRateLimit: number;
  /** Sign-ups per IP per hour. */
  registerRateLimit: number;
  /** Admin login attempts per IP per minute. */
  adminLoginRateLimit: number;
  adminTokenTtlMs: number;
  /** How long a rental stays `ready` (held, extendable) after its time is over. */
  rentalGraceMs: number;
  /** A rental still `waiting_up` this long after purchase is refunded automatically. */
  provisioningDeadlineMs: number;
  jobIntervalMs: number;
  /** How often each rented proxy's upstream is re-checked while connected. */
  healthCheckMs: number;
  payments: {
    lifetimeMs: number;
    reconcileMs: number;
    referralPercent: number;
    creditOverpayments: boolean;
    /** Gift card attempts per IP per minute: codes must not be guessable by brute force. */
    giftcardRateLimit: number;
    cryptomus: { url: string; merchant: string; apiKey: string } | null;
    btcpay: { url: string; apiKey: string; storeId: string; webhookSecret: string; methods: string[] } | null;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration error:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The portal's own address as seen from this machine (a wildcard bind is reached on loopback). */
function localHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** `baseDir` resolves a relative DATA_DIR; npm sets INIT_CWD to where the user ran `npm start`. */
export function loadConfig(env: Record<string, string | undefined>, baseDir: string): Config {
  const cleaned = Object.fromEntries(Object.keys(EnvSchema.shape).map((key) => [key, nonEmpty(env[key])]));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const got = cleaned[name];
        const shown = got === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got "${got}")`;
        return `${issue.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (isProduction && !e.ADMIN_SECRET) {
    problems.push('ADMIN_SECRET is required when NODE_ENV=production (the admin secret code, 12+ characters)');
  }
  if (isProduction && e.PAYMENT_PROVIDER === 'sandbox') {
    problems.push('PAYMENT_PROVIDER=sandbox is not allowed when NODE_ENV=production: choose cryptomus or btcpay');
  }
  if (isProduction && !e.PUBLIC_URL) {
    problems.push('PUBLIC_URL is required when NODE_ENV=production (used in referral links and payment callbacks)');
  }
  const missing = (names: string[]) => names.filter((name) => !cleaned[name]);
  if (e.PAYMENT_PROVIDER === 'cryptomus') {
    for (const name of missing(['CRYPTOMUS_MERCHANT', 'CRYPTOMUS_API_KEY'])) {
      problems.push(`${name} is required when PAYMENT_PROVIDER=cryptomus`);
    }
  }
  if (e.PAYMENT_PROVIDER === 'btcpay') {
    for (const name of missing(['BTCPAY_URL', 'BTCPAY_API_KEY', 'BTCPAY_STORE_ID', 'BTCPAY_WEBHOOK_SECRET'])) {
      problems.push(`${name} is required when PAYMENT_PROVIDER=btcpay`);
    }
  }
  if (isProduction && e.DEMO_INVENTORY !== undefined && e.DEMO_INVENTORY > 0) {
    problems.push('DEMO_INVENTORY must be 0 when NODE_ENV=production: demo proxies are not real exits');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const checkUrl = e.GATEWAY_CHECK_URL ?? `http://${localHost(e.HOST)}:${e.PORT}/healthz`;
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`).replace(
    /\/+$/,
    '',
  );
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(baseDir, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminSecret: e.ADMIN_SECRET,
    paymentProvider: e.PAYMENT_PROVIDER,
    demoInventory: e.DEMO_INVENTORY ?? (isProduction ? 0 : 200),
    gateway: {
      host: e.GATEWAY_HOST,
      socksPort: e.GATEWAY_SOCKS_PORT,
      httpPort: e.GATEWAY_HTTP_PORT,
      enabled: e.GATEWAY_ENABLED,
      checkUrl,
      handshakeTimeoutMs: e.GATEWAY_HANDSHAKE_TIMEOUT_SECONDS * 1000,
      maxPendingPerSource: e.GATEWAY_MAX_PENDING_PER_IP,
      maxConnections: e.GATEWAY_MAX_CONNECTIONS,
      privateTargets: e.GATEWAY_PRIVATE_TARGETS,
      privateTargetException: isProduction ? undefined : checkUrl,
    },
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    registerRateLimit: e.REGISTER_RATE_LIMIT,
    adminLoginRateLimit: e.ADMIN_LOGIN_RATE_LIMIT,
    adminTokenTtlMs: e.ADMIN_TOKEN_TTL_HOURS * 3_600_000,
    rentalGraceMs: e.RENTAL_GRACE_MINUTES * 60_000,
    provisioningDeadlineMs: e.PROVISIONING_DEADLINE_SECONDS * 1000,
    jobIntervalMs: e.JOB_INTERVAL_SECONDS * 1000,
    healthCheckMs: e.HEALTH_CHECK_SECONDS * 1000,
    payments: {
      lifetimeMs: e.PAYMENT_LIFETIME_MINUTES * 60_000,
      reconcileMs: e.PAYMENT_RECONCILE_SECONDS * 1000,
      referralPercent: e.REFERRAL_PERCENT,
      creditOverpayments: e.CREDIT_OVERPAYMENTS,
      giftcardRateLimit: e.GIFTCARD_RATE_LIMIT,
      cryptomus:
        e.CRYPTOMUS_MERCHANT && e.CRYPTOMUS_API_KEY
          ? { url: e.CRYPTOMUS_URL.replace(/\/+$/, ''), merchant: e.CRYPTOMUS_MERCHANT, apiKey: e.CRYPTOMUS_API_KEY }
          : null,
      btcpay:
        e.BTCPAY_URL && e.BTCPAY_API_KEY && e.BTCPAY_STORE_ID && e.BTCPAY_WEBHOOK_SECRET
          ? {
              url: e.BTCPAY_URL.replace(/\/+$/, ''),
              apiKey: e.BTCPAY_API_KEY,
              storeId: e.BTCPAY_STORE_ID,
              webhookSecret: e.BTCPAY_WEBHOOK_SECRET,
              methods: e.BTCPAY_METHODS.split(',')
                .map((m) => m.trim().toUpperCase())
                .filter(Boolean),
            }
          : null,
    },
  };
}
