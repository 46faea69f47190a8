import type { Withdrawal, WithdrawCreateInput } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withdrawKey } from './get-my-withdrawals';

export const createWithdrawal = (input: WithdrawCreateInput) => api.post<Withdrawal>('/withdraw/add', input);

/** `onSettled` lets the screen refresh what it composed next to the form (the wallet balances). */
export function useCreateWithdrawal(
  options: { onSuccess?: (w: Withdrawal) => void; onSettled?: () => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    onSuccess: (w) => options.onSuccess?.(w),
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: withdrawKey });
      options.onSettled?.();
    },
  });
}
