// Every module's tables, gathered for Drizzle and drizzle-kit. Each module owns its own file.
export * from '../modules/auth/auth.schema.ts';
export * from '../modules/catalog/catalog.schema.ts';
export * from '../modules/creation/creation.schema.ts';
export * from '../modules/distribution/commission.schema.ts';
export * from '../modules/distribution/distribution-wallet.schema.ts';
export * from '../modules/distribution/distributor.schema.ts';
export * from '../modules/inspiration/inspiration.schema.ts';
export * from '../modules/internal/internal.schema.ts';
export * from '../modules/order/order.schema.ts';
export * from '../modules/persona/persona.schema.ts';
export * from '../modules/topic/topic.schema.ts';
export * from '../modules/user/user.schema.ts';
export * from '../modules/wallet/wallet.schema.ts';
export * from '../modules/withdraw/withdraw.schema.ts';
