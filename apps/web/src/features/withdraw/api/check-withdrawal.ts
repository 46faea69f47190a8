import type { AdminWithdrawal, WithdrawCheckInput } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { withdrawKey } from './get-my-withdrawals';

export const checkWithdrawal = (input: WithdrawCheckInput) =>
  api.post<AdminWithdrawal>('/withdraw/check', input);

/** Approve (with the payout reference) or reject (with the reason the user will read). */
export function useCheckWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkWithdrawal,
    onSuccess(w) {
      toast.success(w.status === 'approved' ? '已确认打款' : '已驳回，金额已退回用户的可提现余额');
    },
    // Also after a 409 (someone else decided first): show the queue as it now is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawKey }),
  });
}
