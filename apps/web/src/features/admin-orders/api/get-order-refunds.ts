import type { OrderRefund } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How often a refund still 退款中 is asked about: every 2 s at first, slower the longer it takes. */
export const REFUND_POLL_MS = 2000;
const REFUND_POLL_MAX_MS = 30_000;

/**
 * GET /admin/orders/:orderNo/refunds: asking also has the server check a processing refund with
 * the payment provider, so polling it is how a refund moves from 退款中 to its outcome.
 */
export const getOrderRefunds = (orderNo: string) =>
  api.get<OrderRefund[]>(`/admin/orders/${encodeURIComponent(orderNo)}/refunds`, undefined, {
    silent: true,
  });

export const orderRefundsQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: queryKeys.adminOrderRefunds(orderNo),
    queryFn: () => getOrderRefunds(orderNo),
    staleTime: 0,
    // Until no refund of the order is processing; a failed poll is tried again on the next tick.
    // Each ask reaches WeChat Pay, and a refund to a bank card can take days: back off, 2 s → 30 s.
    refetchInterval: (query) => {
      if (query.state.data?.some((r) => r.status === 'processing') === false) return false;
      const doublings = Math.floor(query.state.dataUpdateCount / 5);
      return Math.min(REFUND_POLL_MS * 2 ** doublings, REFUND_POLL_MAX_MS);
    },
  });

/** Polls only while `watching` (the order has a refund in flight). */
export const useOrderRefunds = (orderNo: string, watching: boolean) =>
  useQuery({ ...orderRefundsQueryOptions(orderNo), enabled: watching });
