import type { AdminUser, AdminUserRoleInput } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { adminUsersKey } from './get-admin-users';

/** Silent: the confirm dialog shows a refusal (e.g. 不能取消自己的管理员权限) next to its button. */
export const setAdminRole = (id: string, input: AdminUserRoleInput) =>
  api.post<AdminUser>(`/admin/users/${encodeURIComponent(id)}/role`, input, { silent: true });

/** Grants or takes away the admin role; the user sees the change at their next page load. */
export function useSetAdminRole(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminUserRoleInput) => setAdminRole(id, input),
    onSuccess: (_user, input) => {
      toast.success(input.admin ? '已设为管理员' : '已取消管理员权限');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
