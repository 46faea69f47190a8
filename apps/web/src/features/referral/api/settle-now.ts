import type { SettleResult } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { distributionKey } from './get-distribution-info';

export const settleNow = () => api.post<SettleResult>('/distribution/settle');

/** Admin: runs the settlement sweep now (it also runs on its own every few minutes). */
export function useSettleNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleNow,
    onSuccess({ settled }) {
      toast.success(settled > 0 ? `已结算 ${settled} 笔到期佣金` : '没有到期待结算的佣金');
      void queryClient.invalidateQueries({ queryKey: distributionKey });
    },
  });
}
