import type { InternalDecideInput, InternalDecideResult, InternalMultiDecideInput } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { internalKey } from './get-internal-list';

export const decideInternal = (input: InternalDecideInput) =>
  api.post<InternalDecideResult>('/internal/add', input);

export const decideInternalBatch = (input: InternalMultiDecideInput) =>
  api.post<InternalDecideResult>('/internal/multi_add_int_list', input);

/** One application or a selection: the server applies a selection all at once or not at all. */
export function useDecideInternal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InternalMultiDecideInput) =>
      input.userIds.length === 1
        ? decideInternal({ userId: input.userIds[0]!, approve: input.approve })
        : decideInternalBatch(input),
    onSuccess(result, input) {
      toast.success(`已${input.approve ? '通过' : '拒绝'} ${result.updated} 条申请`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: internalKey }),
  });
}
