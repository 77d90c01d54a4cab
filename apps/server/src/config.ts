import type net from 'node:net';
import path from 'node:path';
import { HOUR_MS } from '@portal/contract';
import { EnvSchema, nonEmpty, SECRET_VARIABLES, type PaymentProviderName } from './config-env';
import { nodeConfig, type NodeConfig } from './config-node';

/**
 * Configuration from the environment, validated once at start.
 * Every bad or missing value is reported in one message, one line per variable.
 */
export { PAYMENT_PROVIDERS, type PaymentProviderName } from './config-env';

/** Discovery and re-checks of the inventory through each upstream. */
export interface DiscoveryConfig {
  /** Echo service answering the caller's address (plain text or JSON with `ip`). */
  exitIpUrl: string;
  concurrency: number;
  timeoutMs: number;
  /** How often each free proxy is re-checked through its upstream. */
  recheckMs: number;
  /** How often a listed proxy's exit IP is looked up again. */
  exitRecheckMs: number;
  /** Failed re-checks in a row that take a proxy out of the catalogue (`unhealthy`). */
  unhealthyAfter: number;
  /** Where the UDP check sends its DNS query through each upstream (UDP_CHECK_TARGET); null: no check. */
  udpCheckTarget: { host: string; port: number } | null;
  /** The gateway's bind address: `direct` checks send from it, as the gateway's relays do. */
  udpBindHost: string;
  ipqs: { url: string; apiKey: string; monthlyLimit: number } | null;
}

export interface BackupConfig {
  dir: string;
  everyMs: number;
  keep: number;
}

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
    /** Where the API allocates rentals' own ports for IP authorization; null: IP authorization is off. */
    portRange: PortRange | null;
    /** Own ports one customer may hold at once, so that one account cannot take the whole range. */
    portsPerCustomer: number;
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
    /** Balancers whose PROXY protocol headers the gateway believes (GATEWAY_PROXY_PROTOCOL_FROM). */
    proxyProtocolFrom: net.BlockList | undefined;
    /** One rental's concurrent connections per gateway process, unless its proxy says otherwise; 0: unlimited. */
    rentalMaxConnections: number;
    /** The HTTPS proxy port and its certificate's PEM files (GATEWAY_TLS_*); null: no HTTPS port. */
    tls: { port: number; certFile: string; keyFile: string } | null;
    /** Client addresses one rental may be used from within `sourceWindowMs`, unless its proxy says otherwise; 0: unlimited. */
    rentalMaxSourceIps: number;
    sourceWindowMs: number;
    /** SOCKS5 UDP associations per rental and per process (GATEWAY_UDP_MAX_PER_RENTAL, GATEWAY_UDP_MAX). */
    udpMaxPerRental: number;
    udpMax: number;
  };
  /** Scheduled backups (BACKUP_DIR); null: none. */
  backups: BackupConfig | null;
  /** Free proxies below this raise the `low_stock` alert; 0: never. */
  lowStockThreshold: number;
  /** NODE_ALERT_MINUTES in milliseconds: a node out of contact this long raises `node_offline`. */
  nodeAlertMs: number;
  publicUrl: string;
  /** SUPPORT_CONTACT: the address the Support page shows, read at run time. */
  supportContact: string;
  /** Session cookies get the Secure flag when the portal is reached over https. */
  secureCookies: boolean;
  logLevel: string;
  /** Fastify's trustProxy: every hop (true), none, or only these addresses, ranges and names. */
  trustProxy: boolean | string[];
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
  replacement: {
    /** AUTO_REPLACE_MINUTES: a rental whose proxy failed every check this long is moved (0: never). */
    autoAfterMs: number;
    /** REPLACEMENTS_PER_RENTAL_DAY: customer replacements of one rental in any 24 hours. */
    perRentalDay: number;
    /** AUTO_REPLACEMENTS_PER_RENTAL_DAY: automatic replacements of one rental in any 24 hours. */
    autoPerRentalDay: number;
  };
  discovery: DiscoveryConfig;
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
  metrics: {
    enabled: boolean;
    /** When set, `/metrics` answers only `Authorization: Bearer <token>`. */
    token: string | undefined;
    /** Port of /metrics and the probes of a gateway process of its own. */
    gatewayPort: number;
  };
  /** How long a stopping gateway lets open tunnels run before it cuts them (SIGTERM). */
  gatewayDrainMs: number;
  /** After SIGTERM, how long the API keeps serving with /readyz at 503 before its listener closes. */
  shutdownDelayMs: number;
  /** Rate limits are counted in this Redis, shared by every process; in memory without it. */
  redisUrl: string | undefined;
  notices: NoticesConfig;
  /** A gateway node's link to the shop (PANEL_URL and NODE_TOKEN); null in the shop's own processes. */
  node: NodeConfig | null;
}

/** Telegram and e-mail notices; each channel is off while its variable is unset. */
export interface NoticesConfig {
  telegram: { token: string; apiUrl: string } | null;
  smtp: { url: string; from: string } | null;
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

/** A URL's user and password (EXIT_IP_URL may well carry them) are not repeated in a message. */
function withoutUserInfo(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/@\s]+@/i, '$1[redacted]@');
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
        const shown = got === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got "${withoutUserInfo(got)}")`;
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
  if (isProduction && e.METRICS_ENABLED && !e.METRICS_TOKEN) {
    problems.push(
      'METRICS_TOKEN is required when NODE_ENV=production (16+ characters; scrapers send it as a Bearer token), or set METRICS_ENABLED=false',
    );
  }
  const portRange = parsePortRange(e.GATEWAY_PORT_RANGE, problems, [
    ['GATEWAY_SOCKS_PORT', e.GATEWAY_SOCKS_PORT],
    ['GATEWAY_HTTP_PORT', e.GATEWAY_HTTP_PORT],
    ...(e.GATEWAY_TLS_PORT ? [['GATEWAY_TLS_PORT', e.GATEWAY_TLS_PORT] as [string, number]] : []),
    ['PORT', e.PORT],
  ]);
  const tls = gatewayTls(e.GATEWAY_TLS_PORT, e.GATEWAY_TLS_CERT, e.GATEWAY_TLS_KEY, baseDir, problems);
  const node = nodeConfig(e, baseDir, problems);
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
      portRange,
      portsPerCustomer: e.IP_AUTH_PORTS_PER_CUSTOMER ?? defaultPortsPerCustomer(portRange),
      checkUrl,
      handshakeTimeoutMs: e.GATEWAY_HANDSHAKE_TIMEOUT_SECONDS * 1000,
      maxPendingPerSource: e.GATEWAY_MAX_PENDING_PER_IP,
      maxConnections: e.GATEWAY_MAX_CONNECTIONS,
      privateTargets: e.GATEWAY_PRIVATE_TARGETS,
      privateTargetException: isProduction ? undefined : checkUrl,
      proxyProtocolFrom: e.GATEWAY_PROXY_PROTOCOL_FROM,
      rentalMaxConnections: e.RENTAL_MAX_CONNECTIONS,
      tls,
      rentalMaxSourceIps: e.RENTAL_MAX_SOURCE_IPS,
      sourceWindowMs: e.RENTAL_SOURCE_WINDOW_HOURS * HOUR_MS,
      udpMaxPerRental: e.GATEWAY_UDP_MAX_PER_RENTAL,
      udpMax: e.GATEWAY_UDP_MAX,
    },
    backups: e.BACKUP_DIR
      ? {
          dir: path.resolve(baseDir, e.BACKUP_DIR),
          everyMs: Math.round(e.BACKUP_EVERY_HOURS * HOUR_MS),
          keep: e.BACKUP_KEEP,
        }
      : null,
    lowStockThreshold: e.LOW_STOCK_THRESHOLD,
    nodeAlertMs: Math.round(e.NODE_ALERT_MINUTES * 60_000),
    publicUrl,
    supportContact: e.SUPPORT_CONTACT,
    secureCookies: publicUrl.startsWith('https://'),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    registerRateLimit: e.REGISTER_RATE_LIMIT,
    adminLoginRateLimit: e.ADMIN_LOGIN_RATE_LIMIT,
    adminTokenTtlMs: e.ADMIN_TOKEN_TTL_HOURS * HOUR_MS,
    rentalGraceMs: e.RENTAL_GRACE_MINUTES * 60_000,
    provisioningDeadlineMs: e.PROVISIONING_DEADLINE_SECONDS * 1000,
    jobIntervalMs: e.JOB_INTERVAL_SECONDS * 1000,
    healthCheckMs: e.HEALTH_CHECK_SECONDS * 1000,
    replacement: {
      autoAfterMs: Math.round(e.AUTO_REPLACE_MINUTES * 60_000),
      perRentalDay: e.REPLACEMENTS_PER_RENTAL_DAY,
      autoPerRentalDay: e.AUTO_REPLACEMENTS_PER_RENTAL_DAY,
    },
    discovery: {
      exitIpUrl: e.EXIT_IP_URL,
      concurrency: e.DISCOVERY_CONCURRENCY,
      timeoutMs: e.DISCOVERY_TIMEOUT_SECONDS * 1000,
      recheckMs: e.INVENTORY_CHECK_SECONDS * 1000,
      exitRecheckMs: e.EXIT_IP_RECHECK_HOURS * HOUR_MS,
      unhealthyAfter: e.UNHEALTHY_AFTER_FAILURES,
      udpCheckTarget: e.UDP_CHECK_TARGET,
      udpBindHost: e.HOST,
      ipqs: e.IPQS_API_KEY
        ? { url: e.IPQS_URL.replace(/\/+$/, ''), apiKey: e.IPQS_API_KEY, monthlyLimit: e.IPQS_MONTHLY_LIMIT }
        : null,
    },
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
    metrics: { enabled: e.METRICS_ENABLED, token: e.METRICS_TOKEN, gatewayPort: e.GATEWAY_METRICS_PORT },
    gatewayDrainMs: e.GATEWAY_DRAIN_SECONDS * 1000,
    shutdownDelayMs: e.SHUTDOWN_DELAY_SECONDS * 1000,
    redisUrl: e.REDIS_URL,
    notices: {
      telegram: e.TELEGRAM_BOT_TOKEN
        ? { token: e.TELEGRAM_BOT_TOKEN, apiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, '') }
        : null,
      smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM ?? defaultSender(publicUrl) } : null,
    },
    node,
  };
}

/** `ProxyPort <notices@host>` of PUBLIC_URL's host when SMTP_FROM is unset. */
function defaultSender(publicUrl: string): string {
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
  return `ProxyPort <notices@${host.includes('.') ? host : `${host}.localdomain`}>`;
}

/**
 * GATEWAY_TLS_PORT, _CERT and _KEY come together or not at all. The files are read where the
 * gateway starts (an API process that only states the port need not hold the key).
 */
function gatewayTls(
  port: number | undefined,
  certFile: string | undefined,
  keyFile: string | undefined,
  baseDir: string,
  problems: string[],
): Config['gateway']['tls'] {
  if (port === undefined && !certFile && !keyFile) return null;
  if (port === undefined) {
    problems.push('GATEWAY_TLS_CERT and GATEWAY_TLS_KEY need GATEWAY_TLS_PORT, the HTTPS proxy port (e.g. 8443)');
    return null;
  }
  if (!certFile || !keyFile) {
    problems.push(
      'GATEWAY_TLS_PORT needs GATEWAY_TLS_CERT and GATEWAY_TLS_KEY: the PEM files of its certificate and private key',
    );
    return null;
  }
  return { port, certFile: path.resolve(baseDir, certFile), keyFile: path.resolve(baseDir, keyFile) };
}

export interface PortRange {
  first: number;
  last: number;
}

/**
 * A tenth of the range: a customer IP-authorizing fifty rentals fits in the smallest range a
 * shop would open (1,000 ports gives 100 each), and ten accounts are needed to fill it.
 */
export function defaultPortsPerCustomer(range: PortRange | null): number {
  return range ? Math.max(1, Math.ceil((range.last - range.first + 1) / 10)) : 0;
}

/**
 * GATEWAY_PORT_RANGE: `first-last` (1024-65535, not across the gateway's or the API's own ports),
 * or `off`. Problems go to the list so every bad variable is named at once.
 */
function parsePortRange(value: string, problems: string[], taken: [string, number][]): PortRange | null {
  if (value.toLowerCase() === 'off') return null;
  const match = /^(\d{1,5})\s*-\s*(\d{1,5})$/.exec(value);
  const first = Number(match?.[1]);
  const last = Number(match?.[2]);
  if (!match || first < 1024 || last > 65535 || first > last) {
    problems.push(
      `GATEWAY_PORT_RANGE must be first-last with 1024 <= first <= last <= 65535 (e.g. 20000-29999), or off`,
    );
    return null;
  }
  for (const [name, port] of taken) {
    if (port >= first && port <= last) problems.push(`GATEWAY_PORT_RANGE ${value} must not include ${name} (${port})`);
  }
  return { first, last };
}
