import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { UserRepository } from './user.repository.ts';
import type { UserRow } from './user.schema.ts';

export type AuthUser = Pick<UserRow, 'id' | 'role' | 'nickname' | 'avatar' | 'referrerId'>;

export function createUserService(deps: { db: Db; users: UserRepository }) {
  const { db, users } = deps;
  return {
    async getById(id: string): Promise<AuthUser | undefined> {
      return users.findById(db, id);
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
      return users.setRole(db, id, 'admin');
    },
    /** Binds once: a user who already has a referrer, or points at themselves, stays as is. */
    async bindReferrer(userId: string, referrerId: string): Promise<boolean> {
      if (userId === referrerId) return false;
      return users.setReferrerOnce(db, userId, referrerId);
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
