import net from 'node:net';
import { z } from 'zod';
import {
  CRYPTO_METHODS,
  DEFAULT_AUTO_REPLACEMENTS_PER_RENTAL_DAY,
  DEFAULT_REPLACEMENTS_PER_RENTAL_DAY,
  DEFAULT_SOURCE_WINDOW_HOURS,
} from '@portal/contract';
import { trustedSources } from './gateway/proxy-protocol';
import { DEFAULT_RENTAL_MAX_SOURCE_IPS } from './gateway/rental-sources';

/**
 * The environment variables the portal reads and how each is checked; loadConfig
 * (config.ts) turns the checked values into the Config the processes use.
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

/** proxy-addr's names for the private ranges a balancer usually sits in. */
const TRUSTED_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(item: string): boolean {
  const [address = '', prefix] = item.split('/');
  const family = net.isIP(address);
  if (family === 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

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

/** An outside service's http:// or https:// URL (z.url alone would take any scheme). */
const webUrl = (name: string, fallback: string) =>
  z
    .url({ error: `${name} must be an http:// or https:// URL` })
    .regex(/^https?:\/\//i, `${name} must be an http:// or https:// URL`)
    .default(fallback);

/** Values never repeated in an error message, since the message goes to a terminal or a log. */
/**
 * A database or Redis URL: the driver's own refusal of a bad one is "Invalid URL", naming neither
 * the variable nor the part at fault. The URL itself is never repeated: it may hold a password.
 */
const serviceUrl = (name: string, scheme: RegExp, what: string) =>
  z
    .string()
    .regex(scheme, { message: `${name} must be ${what}`, abort: true })
    .refine(
      (value) => URL.canParse(value),
      `${name} is not a valid URL: check the host and the port (1 to 65535), and URL-encode special characters in the user name and password`,
    );

export const SECRET_VARIABLES = new Set([
  'ADMIN_SECRET',
  'DATABASE_URL',
  'CRYPTOMUS_API_KEY',
  'BTCPAY_API_KEY',
  'BTCPAY_WEBHOOK_SECRET',
  'METRICS_TOKEN',
  'REDIS_URL',
  'IPQS_API_KEY',
  'TELEGRAM_BOT_TOKEN',
  'SMTP_URL',
  'NODE_TOKEN',
]);

export const nonEmpty = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);

export const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'NODE_ENV must be development, production or test' })
    .default('development'),
  PORT: port('PORT', 8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: serviceUrl('DATABASE_URL', /^postgres(ql)?:\/\/.+/, 'a postgres:// or postgresql:// URL').optional(),
  ADMIN_SECRET: z.string().min(12, 'ADMIN_SECRET must be at least 12 characters long').optional(),
  PAYMENT_PROVIDER: z
    .enum(PAYMENT_PROVIDERS, { error: `PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDERS.join(', ')}` })
    .default('sandbox'),
  DEMO_INVENTORY: count('DEMO_INVENTORY').optional(),
  GATEWAY_HOST: z.string().min(1).default('127.0.0.1'),
  GATEWAY_SOCKS_PORT: port('GATEWAY_SOCKS_PORT', 1080),
  GATEWAY_HTTP_PORT: port('GATEWAY_HTTP_PORT', 8081),
  /** The HTTPS proxy port (the HTTP proxy protocol inside TLS); unset: off. */
  GATEWAY_TLS_PORT: z.coerce
    .number({ error: 'GATEWAY_TLS_PORT must be a port number' })
    .int('GATEWAY_TLS_PORT must be a whole number from 1 to 65535')
    .min(1, 'GATEWAY_TLS_PORT must be a whole number from 1 to 65535')
    .max(65535, 'GATEWAY_TLS_PORT must be a whole number from 1 to 65535')
    .optional(),
  /** PEM files of the HTTPS port's certificate (chain included) and its private key. */
  GATEWAY_TLS_CERT: z.string().trim().min(1).optional(),
  GATEWAY_TLS_KEY: z.string().trim().min(1).optional(),
  GATEWAY_ENABLED: z
    .enum(['true', 'false', '1', '0'], { error: 'GATEWAY_ENABLED must be true or false' })
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  GATEWAY_CHECK_URL: z.url({ error: 'GATEWAY_CHECK_URL must be an http:// URL' }).optional(),
  /** Own ports of rentals under IP authorization: `first-last`, or `off`. */
  GATEWAY_PORT_RANGE: z.string().trim().default('20000-29999'),
  /** Own ports one customer may hold at once; unset: a tenth of the range. */
  IP_AUTH_PORTS_PER_CUSTOMER: z.coerce
    .number({ error: 'IP_AUTH_PORTS_PER_CUSTOMER must be a whole number' })
    .int('IP_AUTH_PORTS_PER_CUSTOMER must be a whole number')
    .min(1, 'IP_AUTH_PORTS_PER_CUSTOMER must be at least 1')
    .optional(),
  /** SOCKS5 UDP associations one rental may hold on one gateway process, and one process in all. */
  GATEWAY_UDP_MAX_PER_RENTAL: positive('GATEWAY_UDP_MAX_PER_RENTAL', 32),
  GATEWAY_UDP_MAX: positive('GATEWAY_UDP_MAX', 4096),
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
  SUPPORT_CONTACT: z
    .string()
    .trim()
    .min(1, 'SUPPORT_CONTACT must not be empty')
    .max(200, 'SUPPORT_CONTACT must be at most 200 characters')
    .default('support@proxyport.example'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const text = value.trim();
      if (['true', '1'].includes(text)) return true;
      if (['false', '0', ''].includes(text)) return false;
      const list = text.split(',').map((item) => item.trim());
      const bad = list.find((item) => !TRUSTED_NAMES.has(item) && !isAddressOrRange(item));
      if (bad === undefined) return list;
      context.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be true, false or a list of addresses, CIDR ranges, loopback, linklocal or uniquelocal ("${bad}" is none)`,
      });
      return z.NEVER;
    }),
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
  BTCPAY_METHODS: z.string().default(CRYPTO_METHODS.join(',')),
  METRICS_ENABLED: z
    .enum(['true', 'false', '1', '0'], { error: 'METRICS_ENABLED must be true or false' })
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters long').optional(),
  GATEWAY_METRICS_PORT: port('GATEWAY_METRICS_PORT', 9464),
  PANEL_URL: z
    .string()
    .trim()
    .refine(
      (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
      'PANEL_URL must be the http:// or https:// URL of the shop (its API), for example https://shop.example.com',
    )
    .optional(),
  NODE_TOKEN: z
    .string()
    .trim()
    .min(20, 'NODE_TOKEN must be the token the console showed when the node was added')
    .optional(),
  PANEL_CA: z.string().trim().min(1).optional(),
  NODE_OFFLINE_GRACE_SECONDS: count('NODE_OFFLINE_GRACE_SECONDS').default(900),
  GATEWAY_DRAIN_SECONDS: count('GATEWAY_DRAIN_SECONDS').default(20),
  GATEWAY_PROXY_PROTOCOL_FROM: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value?.trim()) return undefined;
      try {
        return trustedSources(value);
      } catch (error) {
        context.addIssue({
          code: 'custom',
          message: `GATEWAY_PROXY_PROTOCOL_FROM must list addresses or CIDR ranges: ${(error as Error).message}`,
        });
        return z.NEVER;
      }
    }),
  SHUTDOWN_DELAY_SECONDS: count('SHUTDOWN_DELAY_SECONDS').default(5),
  REDIS_URL: serviceUrl('REDIS_URL', /^rediss?:\/\/.+/, 'a redis:// or rediss:// URL').optional(),
  EXIT_IP_URL: webUrl('EXIT_IP_URL', 'https://api.ipify.org'),
  /** A UDP echo or DNS server discovery sends a DNS query to through each upstream: `host:port`, or `off`. */
  UDP_CHECK_TARGET: z
    .string()
    .trim()
    .default('1.1.1.1:53')
    .transform((value, context) => {
      if (value.toLowerCase() === 'off') return null;
      const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^\s:/[\]]+)):(\d{1,5})$/.exec(value);
      const port = Number(match?.[3]);
      const host = match?.[1] ?? match?.[2];
      if (!host || port < 1 || port > 65535 || (match?.[1] !== undefined && net.isIPv6(host) === false)) {
        context.addIssue({
          code: 'custom',
          message: `UDP_CHECK_TARGET must be host:port of a UDP echo or DNS server (such as 1.1.1.1:53), or off`,
        });
        return z.NEVER;
      }
      return { host, port };
    }),
  IPQS_API_KEY: z.string().optional(),
  IPQS_URL: z.url({ error: 'IPQS_URL must be an http:// or https:// URL' }).default('https://www.ipqualityscore.com'),
  IPQS_MONTHLY_LIMIT: count('IPQS_MONTHLY_LIMIT').default(5000),
  DISCOVERY_CONCURRENCY: positive('DISCOVERY_CONCURRENCY', 32),
  DISCOVERY_TIMEOUT_SECONDS: positive('DISCOVERY_TIMEOUT_SECONDS', 10),
  INVENTORY_CHECK_SECONDS: positive('INVENTORY_CHECK_SECONDS', 600),
  EXIT_IP_RECHECK_HOURS: positive('EXIT_IP_RECHECK_HOURS', 24),
  UNHEALTHY_AFTER_FAILURES: positive('UNHEALTHY_AFTER_FAILURES', 3),
  /** One rental's concurrent gateway connections (0: unlimited); a proxy's own cap overrides it. */
  RENTAL_MAX_CONNECTIONS: count('RENTAL_MAX_CONNECTIONS').default(0),
  /** Client addresses (IPv6 by /64) one rental may be used from in the window (0: unlimited); a proxy's own limit overrides it. */
  RENTAL_MAX_SOURCE_IPS: count('RENTAL_MAX_SOURCE_IPS').default(DEFAULT_RENTAL_MAX_SOURCE_IPS),
  RENTAL_SOURCE_WINDOW_HOURS: positive('RENTAL_SOURCE_WINDOW_HOURS', DEFAULT_SOURCE_WINDOW_HOURS),
  /** Scheduled backups are written here; unset: no scheduled backups. */
  BACKUP_DIR: z.string().trim().min(1).optional(),
  BACKUP_EVERY_HOURS: z.coerce
    .number({ error: 'BACKUP_EVERY_HOURS must be a number of hours, such as 24 or 0.5' })
    .min(0.05, 'BACKUP_EVERY_HOURS must be at least 0.05 (3 minutes)')
    .max(8760, 'BACKUP_EVERY_HOURS must be at most 8760 (a year)')
    .default(24),
  BACKUP_KEEP: positive('BACKUP_KEEP', 14),
  /** An alert when fewer proxies than this are free for sale; 0: no alert. */
  LOW_STOCK_THRESHOLD: count('LOW_STOCK_THRESHOLD').default(0),
  /** Operators are told when a gateway node has been out of contact this long, and again when it is back. */
  NODE_ALERT_MINUTES: z.coerce
    .number({ error: 'NODE_ALERT_MINUTES must be a number of minutes, such as 5 or 0.5' })
    .min(0.5, 'NODE_ALERT_MINUTES must be at least 0.5 (an open node stream is seen every 5 seconds)')
    .max(10_080, 'NODE_ALERT_MINUTES must be at most 10080 (a week)')
    .default(5),
  AUTO_REPLACE_MINUTES: z.coerce
    .number({ error: 'AUTO_REPLACE_MINUTES must be a number of minutes (0 turns it off)' })
    .min(0, 'AUTO_REPLACE_MINUTES must be 0 or more (0 turns it off)')
    .max(525_600, 'AUTO_REPLACE_MINUTES must be at most 525600 (a year)')
    .default(15),
  REPLACEMENTS_PER_RENTAL_DAY: count('REPLACEMENTS_PER_RENTAL_DAY').default(DEFAULT_REPLACEMENTS_PER_RENTAL_DAY),
  AUTO_REPLACEMENTS_PER_RENTAL_DAY: count('AUTO_REPLACEMENTS_PER_RENTAL_DAY').default(
    DEFAULT_AUTO_REPLACEMENTS_PER_RENTAL_DAY,
  ),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]+$/, 'TELEGRAM_BOT_TOKEN must be a bot token from @BotFather (digits:letters)')
    .optional(),
  TELEGRAM_API_URL: webUrl('TELEGRAM_API_URL', 'https://api.telegram.org'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'SMTP_URL must be an smtp:// or smtps:// URL (smtp://user:password@host:587)')
    .optional(),
  SMTP_FROM: z.string().optional(),
});
