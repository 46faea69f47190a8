import type { FastifyBaseLogger } from 'fastify';
import { type Config, publicUrl } from './config.ts';
import type { Database } from './db/database.ts';
import { createGenerationProvider } from './generation/create-generation-provider.ts';
import { createMetrics } from './lib/metrics.ts';
import { createStreamCaps } from './lib/stream-caps.ts';
import { createAdminStatsRepository } from './modules/admin-stats/admin-stats.repository.ts';
import { createAdminStatsService } from './modules/admin-stats/admin-stats.service.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createLoginService } from './modules/auth/login.service.ts';
import { createLoginStateRepository } from './modules/auth/login-state.repository.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { productCatalog } from './modules/catalog/catalog.config.ts';
import { createCatalogRepository } from './modules/catalog/catalog.repository.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createCollegeService } from './modules/college/college.service.ts';
import { loadArticles } from './modules/college/college-articles.ts';
import { createCreationModule } from './modules/creation/creation.module.ts';
import { createInspirationRepository } from './modules/inspiration/inspiration.repository.ts';
import { createInspirationService } from './modules/inspiration/inspiration.service.ts';
import { loadSeedInspiration } from './modules/inspiration/inspiration-seed.ts';
import { createOnboardingService } from './modules/onboarding/onboarding.service.ts';
import { createAdminOrderRepository } from './modules/order/admin-order.repository.ts';
import { createAdminOrderService } from './modules/order/admin-order.service.ts';
import { createOrderRepository } from './modules/order/order.repository.ts';
import { createOrderService } from './modules/order/order.service.ts';
import { createOrderRefundRepository } from './modules/order/order-refund.repository.ts';
import { createOrderRefundService } from './modules/order/order-refund.service.ts';
import { createPaymentService } from './modules/payment/payment.service.ts';
import { createPersonaRepository } from './modules/persona/persona.repository.ts';
import { createPersonaService } from './modules/persona/persona.service.ts';
import { createPricingService } from './modules/pricing/pricing.service.ts';
import { createCommissionRepository } from './modules/referral/commission.repository.ts';
import { commissionOrderListeners, createCommissionService } from './modules/referral/commission.service.ts';
import { createCustomersService } from './modules/referral/customers.service.ts';
import { createDistributorRepository } from './modules/referral/distributor.repository.ts';
import { createDistributorService } from './modules/referral/distributor.service.ts';
import { createReferralWalletRepository } from './modules/referral/referral-wallet.repository.ts';
import { createReferralWalletService } from './modules/referral/referral-wallet.service.ts';
import { createStaffRepository } from './modules/staff/staff.repository.ts';
import { createStaffService } from './modules/staff/staff.service.ts';
import { createSuggestService } from './modules/suggest/suggest.service.ts';
import { createTopicRepository } from './modules/topic/topic.repository.ts';
import { createTopicService } from './modules/topic/topic.service.ts';
import { createTopicRefreshService } from './modules/topic/topic-refresh.service.ts';
import { createSeedSources, loadSeedCategories, loadSeedTopics } from './modules/topic/topic-seed.ts';
import { createAdminUserRepository } from './modules/user/admin-user.repository.ts';
import { createAdminUserService } from './modules/user/admin-user.service.ts';
import { createUserRepository } from './modules/user/user.repository.ts';
import { createUserService } from './modules/user/user.service.ts';
import { createUserEvents } from './modules/user/user-events.ts';
import { createUserInfoService } from './modules/user/user-info.service.ts';
import { createUserLookupRepository } from './modules/user/user-lookup.repository.ts';
import { createWalletRepository } from './modules/wallet/wallet.repository.ts';
import { createWalletService } from './modules/wallet/wallet.service.ts';
import { createWithdrawRepository } from './modules/withdraw/withdraw.repository.ts';
import { createWithdrawService } from './modules/withdraw/withdraw.service.ts';
import { createHotlistSources } from './providers/hotlist/create-hotlist-sources.ts';
import { createLoginProvider } from './providers/login/create-login-provider.ts';
import { createPaymentProvider } from './providers/payment/create-payment-provider.ts';

/**
 * All wiring happens here: repositories → services → (routes in app.ts). Services declare the
 * narrow dependencies they need, so tests can build any of them alone. `log` is the app's logger,
 * for work that runs detached from any request.
 */
export function createContainer(config: Config, database: Database, log: Pick<FastifyBaseLogger, 'error'>) {
  const { db } = database;
  // One registry per app; providers are wrapped here, where they are made, to time their calls.
  const metrics = createMetrics();
  // Caches of the signed-in user drop an entry on every instance when it changes.
  const userEvents = createUserEvents(database.bus);
  const users = createUserService({
    db,
    users: createUserRepository(),
    events: userEvents,
    // Anyone can sign in to a dev-login account by its nickname: never an admin in production.
    devAccountsNeverAdmin: config.NODE_ENV === 'production',
  });
  const sessions = createSessionService({
    db,
    sessionDays: config.SESSION_DAYS,
    bus: database.bus,
    cacheTtlMs: config.SESSION_CACHE_MS,
  });
  const wallet = createWalletService({ db, wallets: createWalletRepository() });
  const userLookup = createUserLookupRepository();
  // Every admin action is recorded in the transaction that makes it.
  const audit = createAuditService({
    db,
    entries: createAuditRepository(),
    profilesByIds: userLookup.profilesByIds,
  });
  // The admin's business figures: read-only SQL over every module's tables.
  const adminStats = createAdminStatsService({ db, stats: createAdminStatsRepository() });
  const staff = createStaffService({
    db,
    members: createStaffRepository(),
    profilesByIds: userLookup.profilesByIds,
    events: userEvents,
    audit,
  });
  const pricing = createPricingService({
    wallet,
    isInternal: staff.isInternal,
    costs: { persona: config.COST_PERSONA, script: config.COST_SCRIPT, suggest: config.COST_SUGGEST },
  });
  const onboarding = createOnboardingService({ wallet, signupCredits: config.SIGNUP_CREDITS });

  // Generation: personas and suggestions, on the provider LLM_MODE picks.
  const generation = metrics.instrument(
    'llm',
    createGenerationProvider({
      mode: config.LLM_MODE,
      paceMs: config.LLM_PACE_MS,
      baseURL: config.LLM_BASE_URL,
      apiKey: config.LLM_API_KEY,
      model: config.LLM_MODEL,
      timeoutMs: config.LLM_TIMEOUT_MS,
    }),
  );
  const personas = createPersonaService({
    db,
    personas: createPersonaRepository(),
    pricing,
    generation,
    events: metrics.generations,
  });
  // Script creation: generations run detached on this instance's runner; scripts and their files.
  const creationModule = createCreationModule({
    db,
    bus: database.bus,
    pricing,
    personas,
    generator: generation,
    concurrencyPerUser: config.GENERATION_CONCURRENCY_PER_USER,
    logError: (message, details) => log.error(details, message),
    events: metrics.generations,
  });
  // `improve` looks scripts up in the scripts module (owner-checked).
  const getScript = creationModule.scripts.forSuggest;
  const suggest = createSuggestService({ db, pricing, generation, personas, getScript });

  // Topics, inspiration, academy: shipped data, plus a live hot list when HOTLIST_URL is set.
  const topics = createTopicService({
    db,
    topics: createTopicRepository(),
    categories: loadSeedCategories(),
    listCacheMs: config.HOT_TOPICS_CACHE_MS,
    bus: database.bus,
  });
  const topicRefresh = createTopicRefreshService({
    topics,
    seedSources: createSeedSources(loadSeedTopics()),
    liveSources: createHotlistSources(config).map((source) => metrics.instrument('hotlist', source)),
  });
  const inspiration = createInspirationService({
    db,
    items: createInspirationRepository(),
    categories: () => topics.categories(),
    checkCategory: topics.checkCategory,
    seedItems: loadSeedInspiration,
  });
  const college = createCollegeService({ articles: loadArticles() });

  // Referral programme: commissions earned on customers' paid orders, the distribution wallet
  // they land in, and withdrawals out of it.
  const referralWallet = createReferralWalletService({
    db,
    wallets: createReferralWalletRepository(),
  });
  const commissionRepository = createCommissionRepository();
  const commissions = createCommissionService({
    db,
    commissions: commissionRepository,
    wallet: referralWallet,
    referrerOf: userLookup.referrerOf,
    rate: config.COMMISSION_RATE,
    settlementDays: config.SETTLEMENT_DAYS,
    audit,
  });
  const customers = createCustomersService({
    db,
    commissions: commissionRepository,
    listReferredBy: userLookup.listReferredBy,
  });
  const withdraw = createWithdrawService({
    db,
    withdrawals: createWithdrawRepository(),
    wallet: referralWallet,
    profilesByIds: userLookup.profilesByIds,
    audit,
    minCents: config.WITHDRAW_MIN_CENTS,
  });
  const referralRules = {
    commissionRate: config.COMMISSION_RATE,
    settlementDays: config.SETTLEMENT_DAYS,
    withdrawMinCents: config.WITHDRAW_MIN_CENTS,
  };
  const referral = { referralWallet, commissions, customers, withdraw, referralRules };
  const commissionListeners = commissionOrderListeners(commissions);

  // Shop: products from catalog.config.ts, orders, and the payment provider PAY_MODE picks.
  const catalog = createCatalogService({ db, products: createCatalogRepository(), catalog: productCatalog });
  const paymentProvider = metrics.instrument('wechat_pay', createPaymentProvider(config));
  const orders = createOrderService({
    db,
    orders: createOrderRepository(),
    catalog,
    wallet,
    provider: paymentProvider,
    bus: database.bus,
    expireMinutes: config.ORDER_EXPIRE_MIN,
    // Run inside the "order paid" transaction: (tx, order) => Promise<void>.
    onPaid: [commissionListeners.onPaid],
    afterPaid: () => metrics.ordersPaid.inc(),
  });
  // Refunds through the payment provider; a succeeded one adjusts the commission in its transaction.
  const orderRefunds = createOrderRefundService({
    db,
    orders: createOrderRepository(),
    refunds: createOrderRefundRepository(),
    wallet,
    provider: paymentProvider,
    audit,
    bus: database.bus,
    profilesByIds: userLookup.profilesByIds,
    onRefunded: [commissionListeners.onRefunded],
  });
  const payments = createPaymentService({ provider: paymentProvider, orders, refunds: orderRefunds });
  // The admin's order screen: the buyer's balance and the commission are read through their modules.
  const adminOrders = createAdminOrderService({
    db,
    adminOrders: createAdminOrderRepository(),
    findOrder: orders.findByOrderNo,
    creditBalance: wallet.balance,
    commissionOf: commissionRepository.findByOrder,
    profilesByIds: userLookup.profilesByIds,
  });
  const shop = { catalog, orders, orderRefunds, payments, paymentProvider, adminOrders };

  // Login: QR states, referral binding at first login, distributors.
  const distributors = createDistributorService({
    db,
    distributors: createDistributorRepository(),
    publicUrl: publicUrl(config),
    events: userEvents,
  });
  const loginProvider = metrics.instrument('wechat_login', createLoginProvider(config));
  const login = createLoginService({
    db,
    states: createLoginStateRepository(),
    users,
    sessions,
    onboarding,
    referrals: distributors,
    bus: database.bus,
    provider: loginProvider,
    qrTtlSec: config.QR_EXPIRE_SEC,
  });

  // 用户管理: disabling an account ends its sessions and drops the cached user on every instance.
  const adminUsers = createAdminUserService({
    db,
    users: createAdminUserRepository(),
    sessions,
    events: userEvents,
    audit,
    ordersOf: (userId, count) => orders.list(userId, { page: 1, pageSize: count }),
    ledgerOf: (userId, count) => wallet.listLedger(userId, 1, count),
    lastDisable: async (targetId) => {
      const query = { action: 'user.disable', targetType: 'user', targetId, page: 1, pageSize: 1 } as const;
      return (await audit.list(query)).items[0];
    },
    personasCount: async (userId) => (await personas.list(userId, 1, 1)).total,
    scriptsCount: async (userId) =>
      (await creationModule.scripts.list(userId, { page: 1, pageSize: 1 })).total,
    devAccountsNeverAdmin: config.NODE_ENV === 'production',
  });

  const userInfo = createUserInfoService({
    events: userEvents,
    flags: {
      isDistributor: distributors.isDistributor,
      isInternal: staff.isInternal,
    },
  });
  const streamCaps = createStreamCaps({
    total: config.STREAM_MAX_TOTAL,
    perIp: config.STREAM_MAX_PER_IP,
    perUser: config.STREAM_MAX_PER_USER,
    perState: config.STREAM_MAX_PER_STATE,
  });
  return {
    ...referral,
    ...shop,
    config,
    database,
    metrics,
    audit,
    adminStats,
    users,
    sessions,
    wallet,
    staff,
    pricing,
    onboarding,
    userInfo,
    adminUsers,
    generation,
    personas,
    suggest,
    creationModule,
    topics,
    topicRefresh,
    inspiration,
    college,
    distributors,
    loginProvider,
    login,
    streamCaps,
  };
}
export type Container = ReturnType<typeof createContainer>;
