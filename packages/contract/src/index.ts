export * from './common.ts';
export * from './health.ts';
export * from './user.ts';
