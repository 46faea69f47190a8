import type { InternalApplication } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { internalStatusQueryOptions } from './get-internal-status';

/** SPEC §7 calls this with GET; applying twice does not duplicate the application. */
export const applyInternal = () => api.get<InternalApplication>('/internal/add_int_list');

export function useApplyInternal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyInternal,
    onSuccess(application) {
      queryClient.setQueryData(internalStatusQueryOptions().queryKey, application);
      toast.success(application.status === 'approved' ? '你已经是内部成员' : '申请已提交，请等待管理员审批');
    },
  });
}
