import type { OrderRefund } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/lib/query-keys';
import { useOrderRefunds } from '../api/get-order-refunds';

const inFlight = (refunds: OrderRefund[] | undefined) => refunds?.some((r) => r.status === 'processing');

/**
 * An order's refunds, kept fresh while one is 退款中: they are polled until none is, and then the
 * order (status, refunded amounts, the buyer's balance) and the list are read again.
 */
export function useRefundsUntilFinal(orderNo: string, known: OrderRefund[] | undefined): OrderRefund[] {
  const queryClient = useQueryClient();
  const watching = Boolean(inFlight(known));
  const polled = useOrderRefunds(orderNo, watching);
  const settled = watching && polled.data !== undefined && !inFlight(polled.data);

  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders });
  }, [settled, queryClient]);

  return (watching ? polled.data : undefined) ?? known ?? [];
}
