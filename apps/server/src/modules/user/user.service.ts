import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import type { UserRepository } from './user.repository.ts';
import type { UserRow } from './user.schema.ts';
import type { UserEvents } from './user-events.ts';

export type AuthUser = Pick<UserRow, 'id' | 'role' | 'nickname' | 'avatar' | 'referrerId'>;

/** The signed-in user is read on every call: kept a few seconds, dropped when it changes. */
export function createUserService(deps: {
  db: Db;
  users: UserRepository;
  events?: UserEvents;
  cacheTtlMs?: number;
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
        role: row.role,
        nickname: row.nickname,
        avatar: row.avatar,
        referrerId: row.referrerId,
      };
      cache.set(id, user);
      return user;
    },
    async require(id: string): Promise<UserRow> {
      const user = await users.findById(db, id);
      if (!user) throw notFound('用户不存在');
      return user;
    },
    async findOrCreateByOpenid(values: {
      openid: string;
      unionid?: string | null;
      nickname: string;
      avatar: string;
    }) {
      return users.upsertByOpenid(db, values);
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
