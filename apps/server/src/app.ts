import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { accountsRoutes } from './accounts/accounts-routes';
import { adminRoutes } from './admin/admin-routes';
import { consoleRoutes } from './admin/console-routes';
import { CatalogueCache } from './catalogue/catalogue-cache';
import { catalogueRoutes } from './catalogue/catalogue-routes';
import { paymentsRoutes } from './payments/payments-routes';
import type { PaymentsDeps } from './payments/payments-service';
import { createPaymentProvider } from './payments/providers';
import type { PaymentProvider } from './payments/providers/provider';
import { webhookRoutes } from './payments/webhook-routes';
import { createGatewayProvisioner, type Provisioner } from './rentals/provisioner';
import { controlsRoutes } from './rentals/controls-routes';
import { rentalsRoutes } from './rentals/rentals-routes';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { healthRoutes } from './health/health-routes';
import { newsRoutes } from './news/news-routes';
import { installApiKeyThrottle } from './plugins/api-key-throttle';
import { decorateCustomer } from './plugins/customer-auth';
import { installErrorHandler, installJsonParser } from './plugins/error-handler';
import { installTextInputCheck } from './plugins/text-input';
import { installWebAndNotFound } from './plugins/static-web';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Built web app to serve; null serves the API alone. */
  webDist?: string | null;
  /** Decides whether a rental's access works; the gateway provides the real one. */
  provisioner?: Provisioner;
  /** Defaults to the one PAYMENT_PROVIDER names. */
  paymentProvider?: PaymentProvider;
  /** Shorter in tests; the defaults are the issue 14 limits. */
  timeouts?: Partial<RequestTimeouts>;
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
 * client stay about 89 s (issue 14); checking every second makes the limits hold.
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

/**
 * The web app loads only its own scripts, styles, fonts and images (flags are local files).
 * No inline styles: the one library that injected a <style> element has it taken out at build
 * time (apps/web/sonner-styles-plugin.ts), and React sets style props through the DOM, which
 * CSP does not restrict (issue 14).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'upgrade-insecure-requests': null,
};

/** Paths whose values are secrets: never in a log line (DEVELOPERS standards). */
export const LOG_REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: config.trustProxy,
    // No call takes more than a few KiB; operator imports that need more set their own limit.
    bodyLimit: 256 * 1024,
    serverFactory: serverWithTimeouts({ ...REQUEST_TIMEOUTS, ...deps.timeouts }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: CONTENT_SECURITY_POLICY },
    hsts: config.secureCookies,
  });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Proxy rental portal API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI's script adds <style> elements as it renders. Only these documentation pages,
    // which show the API's schema and no customer data, get inline styles (issue 14).
    transformStaticCSP: (header) => header.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  });

  installJsonParser(app);
  installErrorHandler(app);
  installTextInputCheck(app);
  installApiKeyThrottle(app, deps.clock);
  decorateCustomer(app);
  app.decorateRequest('adminActor', null);

  if (!config.adminSecret) throw new Error('buildApp needs config.adminSecret (main.ts sets the demo one)');
  const areaDeps = { db: deps.db, clock: deps.clock };
  const provisioner = deps.provisioner ?? createGatewayProvisioner(deps.db, config.gateway.checkUrl);
  await app.register(healthRoutes, { db: deps.db });
  await app.register(accountsRoutes, { ...areaDeps, config });
  await app.register(catalogueRoutes, { ...areaDeps, cache: new CatalogueCache(deps.db) });
  await app.register(rentalsRoutes, { ...areaDeps, provisioner, gateway: config.gateway });
  await app.register(controlsRoutes, { ...areaDeps, gateway: config.gateway, publicUrl: config.publicUrl });
  const payments = paymentsDepsOf(deps);
  await app.register(paymentsRoutes, payments);
  await app.register(webhookRoutes, payments);
  const adminAuth = {
    ...areaDeps,
    adminSecret: config.adminSecret,
    tokenTtlMs: config.adminTokenTtlMs,
  };
  await app.register(newsRoutes, adminAuth);
  await app.register(adminRoutes, { ...adminAuth, loginRateLimit: config.adminLoginRateLimit });
  await app.register(consoleRoutes, adminAuth);

  // The sandbox checkout page exists only while the sandbox provider is active (issue 4).
  await installWebAndNotFound(app, deps.webDist === undefined ? DEFAULT_WEB_DIST : deps.webDist, {
    hiddenPages: payments.provider.name === 'sandbox' ? undefined : /^\/pay\//,
  });
  return app;
}
