export * from './common.ts';
export * from './health.ts';
export * from './user.ts';
export * from './auth.ts';
export * from './distributor.ts';
