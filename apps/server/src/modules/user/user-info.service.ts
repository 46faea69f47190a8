import type { UserInfo } from '@app/contract';
import type { AuthUser } from './user.service.ts';

/**
 * /user/info gathers flags owned by other modules (distributor, internal member) through the
 * lookups they provide, so this module never reads their tables.
 */
export interface UserFlagLookups {
  isDistributor(userId: string): Promise<boolean>;
  isInternal(userId: string): Promise<boolean>;
}

export function createUserInfoService(deps: { flags: UserFlagLookups }) {
  return {
    async get(user: AuthUser): Promise<UserInfo> {
      const [isDistribution, isInternal] = await Promise.all([
        deps.flags.isDistributor(user.id),
        deps.flags.isInternal(user.id),
      ]);
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
