import type { Db, Tx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { isDevOpenid } from '../../providers/login/dev-login.provider.ts';
import type { UserRepository } from './user.repository.ts';
import type { UserRow } from './user.tables.ts';
import type { UserEvents } from './user-events.ts';

export type AuthUser = Pick<UserRow, 'id' | 'role' | 'nickname' | 'avatar' | 'referrerId' | 'disabledAt'>;

/** What a disabled account is told when it tries to sign in or use an old session. */
export const ACCOUNT_DISABLED_MESSAGE = '该账号已被停用，如有疑问请联系客服';

/**
 * The role a user acts with. An account the dev login made (openid dev_…) is one anyone can sign
 * into by typing its nickname, so where `devAccountsNeverAdmin` (production) it is a plain user
 * whatever its stored role: every admin check and the role the web sees go through here.
 */
export function effectiveRole(
  row: Pick<UserRow, 'role' | 'openid'>,
  devAccountsNeverAdmin: boolean,
): UserRow['role'] {
  return row.role === 'admin' && devAccountsNeverAdmin && isDevOpenid(row.openid) ? 'user' : row.role;
}

/** The signed-in user is read on every call: kept a few seconds, dropped when it changes. */
export function createUserService(deps: {
  db: Db;
  users: UserRepository;
  events?: UserEvents;
  cacheTtlMs?: number;
  /** Production: accounts made by the dev login are never admins (see effectiveRole). */
  devAccountsNeverAdmin?: boolean;
}) {
  const { db, users, events } = deps;
  const cache = createTtlCache<string, AuthUser>({ ttlMs: deps.cacheTtlMs ?? 10_000, max: 100_000 });
  events?.onChanged((id) => cache.delete(id));
  return {
    async getById(id: string): Promise<AuthUser | undefined> {
      const cached = cache.get(id);
      if (cached) return cached;
      const row = await users.findById(db, id);
      if (!row) return undefined;
      const user: AuthUser = {
        id: row.id,
        role: effectiveRole(row, deps.devAccountsNeverAdmin ?? false),
        nickname: row.nickname,
        avatar: row.avatar,
        referrerId: row.referrerId,
        disabledAt: row.disabledAt,
      };
      cache.set(id, user);
      return user;
    },
    async require(id: string): Promise<UserRow> {
      const user = await users.findById(db, id);
      if (!user) throw notFound('用户不存在');
      return user;
    },
    /** Read afresh, never from the cache: the login asks it just before it hands out a session. */
    async isDisabled(id: string): Promise<boolean> {
      return Boolean((await users.findById(db, id))?.disabledAt);
    },
    /**
     * The user of an openid, created at the first login. `onCreated` runs in the transaction that
     * inserts the user (the welcome credits): a user never exists without what it writes, and a
     * concurrent second login waits for that transaction, then finds the user and runs nothing.
     */
    async findOrCreateByOpenid(
      values: { openid: string; unionid?: string | null; nickname: string; avatar: string },
      opts: { onCreated?: (tx: Tx, user: UserRow) => Promise<void> } = {},
    ) {
      return db.transaction(async (tx) => {
        const result = await users.upsertByOpenid(tx, values);
        if (result.created) await opts.onCreated?.(tx, result.user);
        return result;
      });
    },
    async grantAdmin(id: string): Promise<boolean> {
      const granted = await users.setRole(db, id, 'admin');
      if (granted) await events?.changed(id);
      return granted;
    },
    /** Binds once: a user who already has a referrer, or points at themselves, stays as is. */
    async bindReferrer(userId: string, referrerId: string): Promise<boolean> {
      if (userId === referrerId) return false;
      const bound = await users.setReferrerOnce(db, userId, referrerId);
      if (bound) await events?.changed(userId);
      return bound;
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
