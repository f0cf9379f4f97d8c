import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, DatabaseKind, Db } from './db/client.ts';
import { registerAuthentication } from './platform/auth.ts';
import {
  clientErrorHandler,
  errorBody,
  fail,
  frameworkErrors,
  registerErrorHandling,
} from './platform/errors.ts';
import { loggerOptions } from './platform/logging.ts';
import { registerRequestGuards } from './platform/request-guards.ts';
import { registerRequestMetrics } from './platform/metrics.ts';
import { inlineScriptHashes } from './platform/web-csp.ts';
import { authRoutes } from './features/auth/routes.ts';
import { findSessionCaller, findSessionUser, SESSION_COOKIE } from './features/auth/service.ts';
import { bulkOrderRoutes } from './features/bulk-orders/routes.ts';
import { cartRoutes } from './features/cart/routes.ts';
import { catalogRoutes } from './features/catalog/routes.ts';
import { cooperativeRoutes } from './features/cooperatives/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { governanceRoutes } from './features/governance/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { inventoryRoutes } from './features/inventory/routes.ts';
import { jobRoutes } from './features/jobs/routes.ts';
import { ledgerRoutes } from './features/ledger/routes.ts';
import { academyRoutes } from './features/academy/routes.ts';
import { referralRoutes } from './features/referrals/routes.ts';
import { supplyChainRoutes } from './features/supply-chain/routes.ts';
import { aiInsightsRoutes } from './features/ai-insights/routes.ts';
import { integrationsRoutes } from './features/integrations/routes.ts';
import { advancedAnalyticsRoutes } from './features/analytics/routes.ts';
import { performanceRoutes } from './features/performance/routes.ts';
import { brandingRoutes } from './features/branding/routes.ts';
import { betacrowdRoutes } from './features/betacrowd/routes.ts';
import { promotionRoutes } from './features/promotions/routes.ts';
import { communityRoutes } from './features/community/routes.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { orderRoutes } from './features/orders/routes.ts';
import { peopleRoutes } from './features/people/routes.ts';
import { subscriptionRoutes } from './features/subscriptions/routes.ts';
import { userRoutes } from './features/users/routes.ts';
import { warehouseRoutes } from './features/warehouses/routes.ts';
import { crmRoutes } from './features/crm/routes.ts';
import { supportRoutes } from './features/support/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { posRoutes } from './features/pos/routes.ts';
import { marketingRoutes } from './features/marketing/routes.ts';
import { supplierRoutes } from './features/suppliers/routes.ts';
import { bulkUploadRoutes } from './features/bulk-upload/routes.ts';
import { smartOrderRoutes } from './features/smart-orders/routes.ts';
import { analyticsRoutes, developerRoutes } from './features/developer/routes.ts';
import { securityRoutes } from './features/security/routes.ts';
import { findApiKeyCaller, recordApiRequest } from './features/developer/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: DatabaseKind;
    config: Config;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Built web app to serve; omitted in API tests. */
  webDist?: string | undefined;
  /** Sees every route as it registers; tests use it to check that each new endpoint refuses anonymous callers. */
  onRoute?: ((route: RouteOptions) => void) | undefined;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: Writable | undefined;
}

/** Builds the whole app without listening, so tests can inject requests into it. */
export async function buildApp({
  config,
  database,
  webDist,
  onRoute,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    // Proxy headers (X-Forwarded-For, -Proto) are believed only from the proxies TRUST_PROXY names.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('config', config);

  registerErrorHandling(app);
  registerRequestGuards(app);
  registerRequestMetrics(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(webDist ? resolve(webDist) : undefined)],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // A phone asks for br or gzip: a catalogue page (about 10 KB of JSON) is compressed on every request.
  // Brotli at quality 3 writes it about 3 % larger than at the plugin's 4, for about a quarter less CPU
  // (ADR 030); and every answer up to 64 KiB is compressed in one synchronous call, not through a zlib
  // stream (the plugin's own bound is 8 KiB on two cores, below a catalogue page).
  await app.register(fastifyCompress, {
    threshold: 1024,
    syncThreshold: 64 * 1024,
    brotliOptions: {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 3,
      },
    },
  });
  await app.register(fastifyCookie, { secret: config.sessionSecret ?? randomBytes(32).toString('hex') });
  await app.register(fastifyRateLimit, {
    global: false,
    // Thrown as an AppError, so the one error handler answers it in the one shape.
    errorResponseBuilder: (_request, context) =>
      fail('auth.rate_limited', { seconds: Math.ceil(context.ttl / 1000) }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Township Trade API', version: '1.0.0' },
      components: {
        securitySchemes: {
          // ADR 050: the public API's endpoints (each names its scope) take an API key from Developer Tools.
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (tt_live_...) from Developer Tools',
          },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  registerAuthentication(
    app,
    { cookie: SESSION_COOKIE, findSessionUser, findSessionCaller },
    { findApiKeyCaller, recordApiRequest, perMinute: config.apiKeyRateLimit },
  );

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(peopleRoutes);
  await app.register(notificationRoutes);
  await app.register(dashboardRoutes);
  await app.register(catalogRoutes);
  await app.register(subscriptionRoutes);
  await app.register(cartRoutes);
  await app.register(orderRoutes);
  await app.register(cooperativeRoutes);
  await app.register(governanceRoutes);
  await app.register(bulkOrderRoutes);
  await app.register(warehouseRoutes);
  await app.register(crmRoutes);
  await app.register(ledgerRoutes);
  await app.register(inventoryRoutes);
  await app.register(jobRoutes);
  await app.register(academyRoutes);
  await app.register(referralRoutes);
  await app.register(supplyChainRoutes);
  await app.register(aiInsightsRoutes);
  await app.register(integrationsRoutes);
  await app.register(advancedAnalyticsRoutes);
  await app.register(performanceRoutes);
  await app.register(brandingRoutes);
  await app.register(betacrowdRoutes);
  await app.register(promotionRoutes);
  await app.register(communityRoutes);
  await app.register(supportRoutes);
  await app.register(reportRoutes);
  await app.register(posRoutes);
  await app.register(marketingRoutes);
  await app.register(supplierRoutes);
  await app.register(bulkUploadRoutes);
  await app.register(smartOrderRoutes);
  await app.register(developerRoutes);
  await app.register(analyticsRoutes);
  await app.register(securityRoutes);

  const dist = webDist ? resolve(webDist) : undefined;
  const serveWeb = dist !== undefined && existsSync(join(dist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      // The build writes every text file beside itself compressed at the highest levels (.br, .gz;
      // apps/web/precompressed.ts): sent as they are, not compressed again on each request.
      preCompressed: true,
      setHeaders(res, path) {
        // Vite names assets by content hash, so they never change; the shell itself must be revalidated.
        const immutable = path.includes(`${join(dist, 'assets')}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A chunk that is not there (an old build's, say) is a 404, never the shell: an HTML answer of 200 for a
    // script would be kept by the service worker's cache of screens as if it were that chunk.
    if (serveWeb && request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/assets/')) {
      // Client-side routes (/dashboard, /cooperative-governance/3, ...) all load the app shell.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('not_found', `No such endpoint: ${request.method} ${path}`));
  });

  return app;
}
