import type { AdminUser, AdminUserDisableInput } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { adminUsersKey } from './get-admin-users';

/** Silent: the confirm dialog shows a refusal (e.g. 不能停用自己的账号) next to its button. */
export const disableAdminUser = (id: string, input: AdminUserDisableInput) =>
  api.post<AdminUser>(`/admin/users/${encodeURIComponent(id)}/disable`, input, { silent: true });

/** The account can no longer sign in, and every session it has ends at once. */
export function useDisableAdminUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminUserDisableInput) => disableAdminUser(id, input),
    onSuccess: () => {
      toast.success('已停用该账号，它的所有登录已失效');
    },
    // Also after a refusal (another admin acted first): show the user as they now are.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
