import type { UserInfo } from '@app/contract';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import type { AuthUser } from './user.service.ts';
import type { UserEvents } from './user-events.ts';

/**
 * /user/info gathers flags owned by other modules (distributor, internal member) through the
 * lookups they provide, so this module never reads their tables.
 */
export interface UserFlagLookups {
  isDistributor(userId: string): Promise<boolean>;
  isInternal(userId: string): Promise<boolean>;
}

export function createUserInfoService(deps: {
  flags: UserFlagLookups;
  events?: UserEvents;
  cacheTtlMs?: number;
}) {
  const cache = createTtlCache<string, { isDistribution: boolean; isInternal: boolean }>({
    ttlMs: deps.cacheTtlMs ?? 10_000,
    max: 100_000,
  });
  deps.events?.onChanged((id) => cache.delete(id));
  const flagsOf = async (userId: string) => {
    const cached = cache.get(userId);
    if (cached) return cached;
    const [isDistribution, isInternal] = await Promise.all([
      deps.flags.isDistributor(userId),
      deps.flags.isInternal(userId),
    ]);
    const flags = { isDistribution, isInternal };
    cache.set(userId, flags);
    return flags;
  };
  return {
    async get(user: AuthUser): Promise<UserInfo> {
      const { isDistribution, isInternal } = await flagsOf(user.id);
      return {
        userId: user.id,
        nickname: user.nickname,
        avatar: user.avatar,
        role: user.role,
        isDistribution,
        isInternal,
      };
    },
  };
}
export type UserInfoService = ReturnType<typeof createUserInfoService>;
