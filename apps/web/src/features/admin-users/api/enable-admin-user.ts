import type { AdminUser, AdminUserEnableInput } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { adminUsersKey } from './get-admin-users';

/** Silent: the confirm dialog shows a refusal next to its button. */
export const enableAdminUser = (id: string, input: AdminUserEnableInput) =>
  api.post<AdminUser>(`/admin/users/${encodeURIComponent(id)}/enable`, input, { silent: true });

/** The account can sign in again; the sessions ended when it was disabled stay ended. */
export function useEnableAdminUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminUserEnableInput) => enableAdminUser(id, input),
    onSuccess: () => {
      toast.success('已恢复该账号，用户可以重新登录');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
