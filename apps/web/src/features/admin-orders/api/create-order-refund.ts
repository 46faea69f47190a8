import type { OrderRefund, RefundCreateInput } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Silent: the refund dialog shows the server's message itself, next to what caused it. */
export const createOrderRefund = (orderNo: string, input: RefundCreateInput) =>
  api.post<OrderRefund>(`/admin/orders/${encodeURIComponent(orderNo)}/refund`, input, { silent: true });

/**
 * Asks for a refund. The input's idempotencyKey belongs to the dialog, so sending it again (a
 * double click, a retry after a lost answer) answers with the same refund, never a second one.
 */
export function useCreateOrderRefund(orderNo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RefundCreateInput) => createOrderRefund(orderNo, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders }),
  });
}
