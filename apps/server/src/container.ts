import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { createUserRepository } from './modules/user/user.repository.ts';
import { createUserService } from './modules/user/user.service.ts';
import { createUserInfoService } from './modules/user/user-info.service.ts';
import { createWalletRepository } from './modules/wallet/wallet.repository.ts';
import { createWalletService } from './modules/wallet/wallet.service.ts';

/**
 * All wiring happens here: repositories → services → (routes in app.ts). Services declare the
 * narrow dependencies they need, so tests can build any of them alone.
 */
export function createContainer(config: Config, database: Database) {
  const { db } = database;
  const users = createUserService({ db, users: createUserRepository() });
  const sessions = createSessionService({ db, sessionDays: config.SESSION_DAYS });
  const wallet = createWalletService({ db, wallets: createWalletRepository() });
  const userInfo = createUserInfoService({
    flags: {
      isDistributor: async () => false,
      isInternal: async () => false,
    },
  });
  return { config, database, users, sessions, wallet, userInfo };
}
export type Container = ReturnType<typeof createContainer>;
