import http from 'node:http';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountsRoutes } from './accounts/accounts-routes';
import { customersRoutes } from './accounts/customers-routes';
import { auditRoutes } from './audit/audit-routes';
import { adminRoutes } from './admin/admin-routes';
import { consoleRoutes } from './admin/console-routes';
import { operatorRoutes } from './admin/operator-routes';
import { adminNodesRoutes } from './nodes/admin-nodes-routes';
import { CatalogueCache } from './catalogue/catalogue-cache';
import { catalogueRoutes } from './catalogue/catalogue-routes';
import { giftcardsRoutes } from './payments/giftcards-routes';
import { paymentsRoutes } from './payments/payments-routes';
import type { PaymentsDeps } from './payments/payments-service';
import { createPaymentProvider } from './payments/providers';
import type { PaymentProvider } from './payments/providers/provider';
import { webhookRoutes } from './payments/webhook-routes';
import { createGatewayProvisioner, type Provisioner } from './rentals/provisioner';
import { sourcesRoutes } from './rentals/sources-routes';
import { controlsRoutes } from './rentals/controls-routes';
import { rentalsRoutes } from './rentals/rentals-routes';
import { replacementRoutes } from './replacements/replacement-routes';
import type { CustomerCache } from './accounts/customer-cache';
import type { HistoryCache } from './rentals/history-cache';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, DatabaseHandle, PoolStats } from './db/client';
import { NodeChannel } from './nodes/node-channel';
import { nodeRoutes } from './nodes/node-routes';
import { discoveryRoutes } from './discovery/discovery-routes';
import { inventoryRoutes } from './inventory/inventory-routes';
import { opsRoutes } from './ops/ops-routes';
import { discoveryDepsOf } from './discovery/discovery-service';
import { DomainError } from './errors';
import { healthRoutes } from './health/health-routes';
import { Readiness } from './health/readiness';
import { installMetricsRoute, installRequestMetrics } from './metrics/metrics-routes';
import { refusals } from './metrics/metrics';
import { createShopRegistry } from './metrics/shop-gauges';
import { unlistenedNews } from './news/news-cache';
import { newsRoutes } from './news/news-routes';
import { siteRoutes } from './site/site-routes';
import { noticesRoutes } from './notices/notices-routes';
import { telegramApiOf } from './notices/notices-service';
import type { TelegramApi } from './notices/telegram-api';
import type { ListenedValue } from './lib/listened-value';
import type { JsonSnapshot } from './plugins/snapshot-reply';
import { installApiKeyThrottle } from './plugins/api-key-throttle';
import { decorateCustomer } from './plugins/customer-auth';
import { installErrorHandler, installJsonParser } from './plugins/error-handler';
import { installTextInputCheck } from './plugins/text-input';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { installSecurityHeaders } from './plugins/security-headers';
import { installWebAndNotFound } from './plugins/static-web';
import type { OpenAPIV3 } from 'openapi-types';
import { openApiDocument } from './openapi/openapi-document';
import { ENDPOINTS } from '@portal/contract/registry';
import { StorefrontFactsSource } from './storefront/storefront-facts';
import { storefrontRoutes } from './storefront/storefront-routes';
import { StorefrontRenderer } from './storefront/storefront-renderer';
import { SERVER_ROOT } from './lib/server-root';
import { OneLinePerRequest } from './logging';

export const DEFAULT_WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');

export interface AppDeps {
  config: Config;
  db: Database;
  /** The database's notifications: node streams follow changes through them. */
  listen: DatabaseHandle['listen'];
  clock: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Built web app to serve; null serves the API alone. */
  webDist?: string | null;
  /** Decides whether a rental's access works; the gateway provides the real one. */
  provisioner?: Provisioner;
  /** Defaults to the one PAYMENT_PROVIDER names. */
  paymentProvider?: PaymentProvider;
  /** The process's life for /readyz; main.ts starts it `starting`. Defaults to ready (tests). */
  readiness?: Readiness;
  /** The database pool's use, for /metrics (PostgreSQL only). */
  poolStats?: () => PoolStats;
  /** Shorter in tests; the defaults are the production limits. */
  timeouts?: Partial<RequestTimeouts>;
  /** Customers kept in memory between requests; without one, every request reads the database. */
  customers?: CustomerCache;
  /** Customers' history answers kept in memory; without one, every history call queries. */
  histories?: HistoryCache;
  /** The catalogue's version kept current by notifications; without one, read per request. */
  catalogueVersion?: ListenedValue<string>;
  /** The public news answer kept current by notifications; without one, read per request. */
  news?: ListenedValue<JsonSnapshot>;
  /** The Bot API client; defaults to one for TELEGRAM_BOT_TOKEN (null without it). */
  telegram?: TelegramApi | null;
  /** Hooks a test installs before any route (the check of every answer against the API document). */
  instrument?: (app: FastifyInstance) => void;
}

export interface RequestTimeouts {
  /** A client must have sent its request line and headers by then... */
  headersMs: number;
  /** ...and the whole request, body included, by then, whatever its pace. */
  requestMs: number;
}

export const REQUEST_TIMEOUTS: RequestTimeouts = { headersMs: 10_000, requestMs: 30_000 };

/**
 * Node checks these deadlines on a timer (every 30 s by default), so a 30 s limit let a slow
 * client stay about 89 s; checking every second makes the limits hold.
 */
function serverWithTimeouts(timeouts: RequestTimeouts) {
  return (handler: http.RequestListener) =>
    http.createServer(
      {
        headersTimeout: timeouts.headersMs,
        requestTimeout: timeouts.requestMs,
        connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
      },
      handler,
    );
}

/** Probes and scrapes answer while the process starts; everything else waits for migrations. */
const ANSWERED_WHILE_STARTING = new Set(['/healthz', '/readyz', '/metrics']);

export function paymentsDepsOf(deps: Pick<AppDeps, 'config' | 'db' | 'clock' | 'paymentProvider'>): PaymentsDeps {
  return {
    db: deps.db,
    clock: deps.clock,
    provider: deps.paymentProvider ?? createPaymentProvider(deps.config),
    publicUrl: deps.config.publicUrl,
    lifetimeMs: deps.config.payments.lifetimeMs,
    referralPercent: deps.config.payments.referralPercent,
    giftcardRateLimit: deps.config.payments.giftcardRateLimit,
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    // A request that reaches a closing server on a connection it already had is served, not
    // refused: the database stays open until every request under way has finished.
    return503OnClosing: false,
    // No call takes more than a few KiB; operator imports that need more set their own limit.
    bodyLimit: 256 * 1024,
    serverFactory: serverWithTimeouts({ ...REQUEST_TIMEOUTS, ...deps.timeouts }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  recordServedRoutes(app);
  deps.instrument?.(app);

  await app.register(fastifyCookie);
  installSecurityHeaders(app, { hsts: config.secureCookies });
  const redis = await sharedRedis(app, config.redisUrl);
  await app.register(fastifyRateLimit, {
    global: false,
    // Every route's limit inherits this: each 429 counts in /metrics under its route.
    onExceeded: (request) => refusals.inc({ limit: `rate_limit ${request.routeOptions.url ?? 'unmatched'}` }),
    ...(redis ? { redis, nameSpace: 'proxyport-rate-limit-', skipOnError: true } : {}),
  });
  installJsonParser(app);
  installErrorHandler(app);
  installTextInputCheck(app);
  installApiKeyThrottle(app, deps.clock, redis);
  const readiness = deps.readiness ?? new Readiness('ready');
  // Hooks every request passes take a callback, not a promise: each async hook cost a promise
  // and a turn of the microtask queue per request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (readiness.state === 'starting' && !ANSWERED_WHILE_STARTING.has(request.url.split('?')[0] ?? '')) {
      throw new DomainError('SERVICE_UNAVAILABLE');
    }
    done();
  });
  // Stopping: every answer closes its connection, so clients and balancers holding keep-alive
  // connections open new ones elsewhere before the listener closes (SHUTDOWN_DELAY_SECONDS).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (readiness.state === 'stopping') reply.header('connection', 'close');
    done(null, payload);
  });
  if (config.metrics.enabled) {
    installRequestMetrics(app);
    installMetricsRoute(app, { token: config.metrics.token, shop: createShopRegistry(deps.db, deps.poolStats) });
  }
  decorateCustomer(app);
  app.decorateRequest('adminSession', null);

  if (!config.adminSecret) throw new Error('buildApp needs config.adminSecret (main.ts sets the demo one)');
  const areaDeps = { db: deps.db, clock: deps.clock, customers: deps.customers };
  const { customers, histories } = deps;
  if (customers || histories) {
    // A customer's own change (a purchase, a payment) is seen by their next call at once; other
    // processes learn of it by notification a moment later.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.customer && request.method !== 'GET') {
        customers?.invalidate(request.customer.id);
        histories?.invalidate(request.customer.id);
      }
      done(null, payload);
    });
  }
  const provisioner =
    deps.provisioner ?? createGatewayProvisioner(deps.db, config.gateway.checkUrl, undefined, deps.clock);
  await app.register(healthRoutes, { db: deps.db, readiness });
  await app.register(accountsRoutes, { ...areaDeps, config });
  const catalogue = new CatalogueCache(deps.db, deps.catalogueVersion);
  const facts = new StorefrontFactsSource(catalogue, deps.clock, config);
  await app.register(catalogueRoutes, { ...areaDeps, cache: catalogue, facts });
  await app.register(rentalsRoutes, { ...areaDeps, provisioner, gateway: config.gateway, histories });
  await app.register(controlsRoutes, { ...areaDeps, gateway: config.gateway, publicUrl: config.publicUrl });
  await app.register(sourcesRoutes, { ...areaDeps, gateway: config.gateway });
  const payments = paymentsDepsOf(deps);
  await app.register(paymentsRoutes, payments);
  await app.register(webhookRoutes, payments);
  const adminAuth = {
    ...areaDeps,
    adminSecret: config.adminSecret,
    tokenTtlMs: config.adminTokenTtlMs,
    totpIssuer: new URL(config.publicUrl).host,
  };
  const news = deps.news ?? unlistenedNews(deps.db);
  await app.register(newsRoutes, { ...adminAuth, news });
  await app.register(siteRoutes, { supportContact: config.supportContact });
  await app.register(noticesRoutes, {
    ...adminAuth,
    news,
    telegram: deps.telegram === undefined ? telegramApiOf(config) : deps.telegram,
    emailAvailable: config.notices.smtp !== null,
  });
  await app.register(adminRoutes, {
    ...adminAuth,
    loginRateLimit: config.adminLoginRateLimit,
  });
  await app.register(auditRoutes, adminAuth);
  await app.register(consoleRoutes, adminAuth);
  await app.register(customersRoutes, adminAuth);
  await app.register(giftcardsRoutes, adminAuth);
  await app.register(operatorRoutes, adminAuth);
  await app.register(adminNodesRoutes, adminAuth);
  await app.register(discoveryRoutes, { ...adminAuth, discovery: discoveryDepsOf(deps) });
  await app.register(opsRoutes, { ...adminAuth, backups: config.backups });
  await app.register(inventoryRoutes, { ...adminAuth, sourceWindowMs: config.gateway.sourceWindowMs });
  await app.register(replacementRoutes, {
    ...adminAuth,
    provisioner,
    perDay: config.replacement.perRentalDay,
    autoPerDay: config.replacement.autoPerRentalDay,
    gateway: config.gateway,
  });

  const nodeChannel = new NodeChannel({
    db: deps.db,
    clock: deps.clock,
    listen: deps.listen,
    log: app.log,
    settings: {
      rentalMaxConnections: config.gateway.rentalMaxConnections,
      rentalMaxSourceIps: config.gateway.rentalMaxSourceIps,
      sourceWindowMs: config.gateway.sourceWindowMs,
    },
  });
  await app.register(nodeRoutes, { db: deps.db, clock: deps.clock, channel: nodeChannel });

  await installApiDocument(app, config.publicUrl);

  const webDist = deps.webDist === undefined ? DEFAULT_WEB_DIST : deps.webDist;
  const renderer = StorefrontRenderer.available(webDist)
    ? new StorefrontRenderer({ webDist, publicUrl: config.publicUrl })
    : null;
  await app.register(storefrontRoutes, {
    db: deps.db,
    renderer,
    publicUrl: config.publicUrl,
    facts,
    supportContact: config.supportContact,
  });
  // The sandbox checkout page exists only while the sandbox provider is active.
  await installWebAndNotFound(app, webDist, {
    hiddenPages: payments.provider.name === 'sandbox' ? undefined : /^\/pay\//,
    notFoundPage: renderer ? (pathname) => renderer.notFound(pathname) : undefined,
  });
  return app;
}

/**
 * The API document at /api/docs/json (and Swagger UI at /api/docs), generated from the registry's
 * endpoints this app has registered: a call the app does not serve (the sandbox checkout under
 * another provider) is not in it.
 */
async function installApiDocument(app: FastifyInstance, publicUrl: string): Promise<void> {
  const served = new Set(app.servedRoutes.map((route) => route.operationId));
  const endpoints = ENDPOINTS.filter((endpoint) => served.has(endpoint.operationId));
  await app.register(fastifySwagger, {
    mode: 'static',
    // An OpenAPI 3.1 document, served as it is; the plugin's types only know 2.0 and 3.0.
    specification: { document: openApiDocument(endpoints, { serverUrl: publicUrl }) as unknown as OpenAPIV3.Document },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI's script adds <style> elements as it renders. Only these documentation pages,
    // which show the API's schema and no customer data, get inline styles.
    transformStaticCSP: (header) => header.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  });
}

export interface ServedRoute {
  method: string;
  url: string;
  /** The registry's name of the call; routes registered outside the registry have none. */
  operationId: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app as registered, for the check that the API has no call outside the registry. */
    servedRoutes: ServedRoute[];
  }
}

function recordServedRoutes(app: FastifyInstance): void {
  const served: ServedRoute[] = [];
  app.decorate('servedRoutes', served);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      served.push({ method, url: route.url, operationId: route.config?.operationId });
    }
  });
}

/**
 * With REDIS_URL, rate limits and failed API keys are counted in Redis, so N processes allow what
 * one would. A Redis outage lets requests through (`skipOnError`; failed keys fall back to each
 * process's own count) rather than failing every login; it is logged.
 */
async function sharedRedis(app: FastifyInstance, redisUrl: string | undefined): Promise<Redis | null> {
  if (!redisUrl) return null;
  // Loaded only when configured: a shop without Redis does not carry its client.
  const { Redis } = await import('ioredis');
  // The settings @fastify/rate-limit recommends: an unreachable Redis costs a request 0.5 s at most.
  const redis = new Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
  let lastWarning = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    app.log.warn({ err: error.message }, 'rate limits: Redis unavailable, requests are not limited meanwhile');
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}
