// Every module's tables, gathered for Drizzle and drizzle-kit. Each module owns its own file.
export * from '../modules/audit/audit.tables.ts';
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/catalog/catalog.tables.ts';
export * from '../modules/creation/creation.tables.ts';
export * from '../modules/inspiration/inspiration.tables.ts';
export * from '../modules/order/order.tables.ts';
export * from '../modules/order/order-refund.tables.ts';
export * from '../modules/persona/persona.tables.ts';
export * from '../modules/referral/commission.tables.ts';
export * from '../modules/referral/distributor.tables.ts';
export * from '../modules/referral/referral-wallet.tables.ts';
export * from '../modules/staff/staff.tables.ts';
export * from '../modules/topic/topic.tables.ts';
export * from '../modules/user/user.tables.ts';
export * from '../modules/wallet/wallet.tables.ts';
export * from '../modules/withdraw/withdraw.tables.ts';
