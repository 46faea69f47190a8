import type { AdminUserDetail } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminUsersKey } from './get-admin-users';

/** GET /admin/users/:id. Silent: the drawer shows the error in place (a 404 reads 用户不存在…). */
export const getAdminUser = (id: string) =>
  api.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`, undefined, { silent: true });

export const adminUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'detail', id],
    queryFn: () => getAdminUser(id),
    staleTime: 0,
  });

export const useAdminUser = (id: string | null) =>
  useQuery({ ...adminUserQueryOptions(id ?? ''), enabled: Boolean(id) });
