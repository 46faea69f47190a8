import type { AdminUser, AdminUserListQuery, Page } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every query of this screen starts with this key: an action on a user refreshes them all. */
export const adminUsersKey = ['admin-users'] as const;

/** GET /admin/users: only the filters that are set travel, so the query key stays short. */
export const getAdminUsers = (params: AdminUserListQuery) => api.get<Page<AdminUser>>('/admin/users', params);

export const adminUsersQueryOptions = (params: AdminUserListQuery) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'list', params],
    queryFn: () => getAdminUsers(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminUsers = (params: AdminUserListQuery) => useQuery(adminUsersQueryOptions(params));
