import type { UserInfo } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getUserInfo = () => api.get<UserInfo>('/user/info');

/**
 * Silent: asked on every page load to refresh the stored profile, it has nothing to say when it
 * fails (a dead session is a 401, which logs out and opens the login modal by itself).
 */
export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['user-info'],
    queryFn: () => api.get<UserInfo>('/user/info', undefined, { silent: true }),
    // Once per page load: a role granted meanwhile shows after a refresh, without logging out.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useUserInfo = (enabled: boolean) => useQuery({ ...userInfoQueryOptions(), enabled });
