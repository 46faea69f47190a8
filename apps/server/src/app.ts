import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Container, createContainer } from './container.ts';
import type { Database } from './db/database.ts';
import { listTemplates } from './generation/templates/templates.ts';
import { fail } from './lib/envelope.ts';
import { loginRoutes } from './modules/auth/login.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { collegeRoutes } from './modules/college/college.routes.ts';
import { creationJobs } from './modules/creation/creation.jobs.ts';
import { creationRoutes } from './modules/creation/creation.routes.ts';
import { scriptRoutes } from './modules/creation/script.routes.ts';
import { registerSettlementSweeper } from './modules/distribution/commission.sweeper.ts';
import { distributionRoutes } from './modules/distribution/distribution.routes.ts';
import { distributorRoutes } from './modules/distribution/distributor.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { inspirationJobs } from './modules/inspiration/inspiration.jobs.ts';
import { inspirationRoutes } from './modules/inspiration/inspiration.routes.ts';
import { internalRoutes } from './modules/internal/internal.routes.ts';
import { limitRoutes } from './modules/limit/limit.routes.ts';
import { registerOrderJobs } from './modules/order/order.jobs.ts';
import { orderRoutes } from './modules/order/order.routes.ts';
import { paymentRoutes } from './modules/payment/payment.routes.ts';
import { personaRoutes } from './modules/persona/persona.routes.ts';
import { suggestRoutes } from './modules/suggest/suggest.routes.ts';
import { topicJobs } from './modules/topic/topic.jobs.ts';
import { topicRoutes } from './modules/topic/topic.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { withdrawRoutes } from './modules/withdraw/withdraw.routes.ts';
import { authPlugin } from './plugins/auth.plugin.ts';
import { errorHandlerPlugin } from './plugins/error-handler.plugin.ts';
import { openapiPlugin } from './plugins/openapi.plugin.ts';
import { spaPlugin } from './plugins/spa.plugin.ts';

export const VERSION = '0.0.4';

declare module 'fastify' {
  interface FastifyInstance {
    container: Container;
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
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  const container = createContainer(config, database);
  app.decorate('container', container);

  await app.register(errorHandlerPlugin);
  await app.register(openapiPlugin, { version: VERSION });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (req) => req.user?.id ?? req.ip,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      ...fail(`操作太频繁，请 ${Math.ceil(ctx.ttl / 1000)} 秒后再试`),
    }),
  });
  await app.register(authPlugin, { sessions: container.sessions, users: container.users });

  await app.register(
    async (api) => {
      healthRoutes(api, { database: database.kind, version: VERSION });
      userRoutes(api, { userInfo: container.userInfo });
      limitRoutes(api, { limit: container.limit });
      personaRoutes(api, { personas: container.personas, ratePerMin: config.GENERATION_RATE_PER_MIN });
      suggestRoutes(api, { suggest: container.suggest, ratePerMin: config.SUGGEST_RATE_PER_MIN });
      creationRoutes(api, { ...container.creationModule, ratePerMin: config.GENERATION_RATE_PER_MIN });
      scriptRoutes(api, { scripts: container.creationModule.scripts, listTemplates });
      catalogRoutes(api, { catalog: container.catalog });
      orderRoutes(api, { orders: container.orders });
      paymentRoutes(api, { payments: container.payments, config });
      walletRoutes(api, { wallet: container.wallet, isInternal: container.internal.isInternal });
      topicRoutes(api, { topics: container.topics });
      inspirationRoutes(api, { inspiration: container.inspiration });
      collegeRoutes(api, { college: container.college });
      distributionRoutes(api, {
        customers: container.customers,
        distributionWallet: container.distributionWallet,
        commissions: container.commissions,
        rules: container.referralRules,
      });
      withdrawRoutes(api, { withdraw: container.withdraw });
      internalRoutes(api, { internal: container.internal });
      loginRoutes(api, {
        login: container.login,
        sessions: container.sessions,
        provider: container.loginProvider,
        qrRatePerMin: config.LOGIN_RATE_PER_MIN,
      });
      distributorRoutes(api, { distributors: container.distributors });
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
  await app.register(spaPlugin, { distDir: opts.webDistDir ?? '' });
  return app;
}
