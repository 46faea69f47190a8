export * from './common.ts';
export * from './health.ts';
export * from './user.ts';
export * from './auth.ts';
export * from './distributor.ts';
export * from './referral.ts';
export * from './withdraw.ts';
export * from './internal.ts';
