import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, devChannels, publicUrl } from './config.ts';
import { type Container, createContainer } from './container.ts';
import type { Database } from './db/database.ts';
import { listTemplates } from './generation/templates/templates.ts';
import { fail } from './lib/envelope.ts';
import { createEventStreams } from './lib/event-stream.ts';
import { poolUsage } from './lib/metrics.ts';
import { VERSION } from './lib/version.ts';
import { adminStatsRoutes } from './modules/admin-stats/admin-stats.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { loginRoutes } from './modules/auth/login.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { collegeRoutes } from './modules/college/college.routes.ts';
import { creationJobs } from './modules/creation/creation.jobs.ts';
import { creationRoutes } from './modules/creation/creation.routes.ts';
import { scriptRoutes } from './modules/creation/script.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createReadiness, type ReadinessProbe } from './modules/health/readiness.ts';
import { inspirationJobs } from './modules/inspiration/inspiration.jobs.ts';
import { inspirationRoutes } from './modules/inspiration/inspiration.routes.ts';
import { adminOrderRoutes } from './modules/order/admin-order.routes.ts';
import { registerOrderJobs } from './modules/order/order.jobs.ts';
import { orderRoutes } from './modules/order/order.routes.ts';
import { registerRefundJobs } from './modules/order/order-refund.jobs.ts';
import { orderRefundRoutes } from './modules/order/order-refund.routes.ts';
import { paymentRoutes } from './modules/payment/payment.routes.ts';
import { personaRoutes } from './modules/persona/persona.routes.ts';
import { pricingRoutes } from './modules/pricing/pricing.routes.ts';
import { registerSettlementSweeper } from './modules/referral/commission.sweeper.ts';
import { distributorRoutes } from './modules/referral/distributor.routes.ts';
import { referralRoutes } from './modules/referral/referral.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { suggestRoutes } from './modules/suggest/suggest.routes.ts';
import { topicJobs } from './modules/topic/topic.jobs.ts';
import { topicRoutes } from './modules/topic/topic.routes.ts';
import { adminUserRoutes } from './modules/user/admin-user.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { withdrawRoutes } from './modules/withdraw/withdraw.routes.ts';
import { authPlugin } from './plugins/auth.plugin.ts';
import {
  clientErrorHandler,
  errorHandlerPlugin,
  frameworkErrorHandler,
} from './plugins/error-handler.plugin.ts';
import { mainPortMetrics, metricsPlugin } from './plugins/metrics.plugin.ts';
import { openapiPlugin } from './plugins/openapi.plugin.ts';
import { securityHeadersPlugin } from './plugins/security-headers.plugin.ts';
import { spaPlugin } from './plugins/spa.plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    container: Container;
    /** /health/ready's checks; server.ts calls readiness.drain() on SIGTERM. */
    readiness: ReadinessProbe;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Where the built SPA lives; omitted = API only. */
  webDistDir?: string;
  logger?: boolean;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Builds the whole app without listening, so tests call it through inject or a real port. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    // The client's X-Request-Id ties its logs to ours; a missing or odd one is replaced.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    ajv: undefined,
    bodyLimit: 1_048_576,
    // Slow clients: a request (headers and body) must arrive whole within REQUEST_TIMEOUT_MS, its
    // headers within HEADERS_TIMEOUT_MS, checked every second; an idle kept-alive socket closes
    // after KEEP_ALIVE_TIMEOUT_MS. Answers are not timed (streams run for minutes) and there is no
    // idle-socket timeout, since a model may think for LLM_TIMEOUT_MS before its first word.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: { headersTimeout: config.HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
    // Path parameters are ids, slugs and order numbers (≤ 80 characters); a longer one is refused
    // by the router (FST_ERR_MAX_PARAM_LENGTH) through frameworkErrors below.
    routerOptions: { maxParamLength: 100 },
    // What fails before any route runs (a bad %-escape, a too-long parameter, unparsable HTTP)
    // still answers the envelope in Chinese, not Fastify's English default.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  const container = createContainer(config, database, app.log);
  app.decorate('container', container);

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { https: publicUrl(config).startsWith('https:') });
  // The API's map helps an attacker as much as a developer: in production only on request.
  if (config.NODE_ENV !== 'production' || config.API_DOCS) {
    await app.register(openapiPlugin, { version: VERSION });
  }
  await app.register(rateLimit, {
    global: false,
    // After authentication (the route's own preHandlers run first), so a signed-in user's calls
    // count in their own bucket: never in one shared by everyone behind a proxy, and anonymous
    // or malformed calls (refused before this) cannot use a user's bucket up.
    hook: 'preHandler',
    keyGenerator: (req) => (req.user ? `user:${req.user.id}` : `ip:${req.ip}`),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      ...fail(`操作太频繁，请 ${Math.ceil(ctx.ttl / 1000)} 秒后再试`),
    }),
  });
  await app.register(authPlugin, { sessions: container.sessions, users: container.users });

  // Every text/event-stream answer of this app; open streams would keep the server from closing.
  const eventStreams = createEventStreams();
  app.addHook('preClose', async () => eventStreams.closeAll());

  const readiness = createReadiness({ db: database.db });
  app.decorate('readiness', readiness);
  // While draining, every answer closes its connection: kept-alive clients come back elsewhere.
  app.addHook('onRequest', async (_req, reply) => {
    if (readiness.draining) reply.header('connection', 'close');
  });
  await app.register(metricsPlugin, {
    metrics: container.metrics,
    mode: mainPortMetrics(config),
    token: config.METRICS_TOKEN,
    sources: {
      streamsByRoute: () => eventStreams.countByRoute(),
      generationsRunning: () => ({
        script: container.creationModule.runner.runningCount,
        persona: container.personas.runningCount,
      }),
      pool: () => poolUsage(database),
    },
  });

  await app.register(
    async (api) => {
      healthRoutes(api, {
        database: database.kind,
        version: VERSION,
        devChannels: devChannels(config),
        readiness,
      });
      userRoutes(api, { userInfo: container.userInfo });
      pricingRoutes(api, { pricing: container.pricing });
      personaRoutes(api, {
        personas: container.personas,
        ratePerMin: config.GENERATION_RATE_PER_MIN,
        streamCaps: container.streamCaps,
        eventStreams,
      });
      suggestRoutes(api, { suggest: container.suggest, ratePerMin: config.SUGGEST_RATE_PER_MIN });
      creationRoutes(api, {
        ...container.creationModule,
        ratePerMin: config.GENERATION_RATE_PER_MIN,
        streamCaps: container.streamCaps,
        eventStreams,
      });
      scriptRoutes(api, { scripts: container.creationModule.scripts, listTemplates });
      catalogRoutes(api, { catalog: container.catalog });
      orderRoutes(api, { orders: container.orders, streamCaps: container.streamCaps, eventStreams });
      orderRefundRoutes(api, { refunds: container.orderRefunds });
      paymentRoutes(api, { payments: container.payments, config });
      walletRoutes(api, { wallet: container.wallet, isInternal: container.staff.isInternal });
      topicRoutes(api, { topics: container.topics });
      inspirationRoutes(api, { inspiration: container.inspiration });
      collegeRoutes(api, { college: container.college });
      referralRoutes(api, {
        customers: container.customers,
        referralWallet: container.referralWallet,
        commissions: container.commissions,
        rules: container.referralRules,
      });
      withdrawRoutes(api, { withdraw: container.withdraw });
      staffRoutes(api, { internal: container.staff });
      loginRoutes(api, {
        login: container.login,
        sessions: container.sessions,
        provider: container.loginProvider,
        qrRatePerMin: config.LOGIN_RATE_PER_MIN,
        streamCaps: container.streamCaps,
        eventStreams,
      });
      distributorRoutes(api, { distributors: container.distributors });
      auditRoutes(api, { audit: container.audit });
      adminUserRoutes(api, { adminUsers: container.adminUsers });
      adminStatsRoutes(api, { stats: container.adminStats });
      adminOrderRoutes(api, { adminOrders: container.adminOrders });
    },
    { prefix: '/api/v1' },
  );

  creationJobs(app, container.creationModule);
  topicJobs(app, { refresh: container.topicRefresh, intervalMin: config.HOTLIST_REFRESH_MIN });
  inspirationJobs(app, { inspiration: container.inspiration });
  registerSettlementSweeper(app, {
    commissions: container.commissions,
    intervalSec: config.SETTLEMENT_SWEEP_SEC,
  });

  registerOrderJobs(app, { catalog: container.catalog, orders: container.orders });
  registerRefundJobs(app, { refunds: container.orderRefunds });
  await app.register(spaPlugin, { distDir: opts.webDistDir ?? '' });
  return app;
}
