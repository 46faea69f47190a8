import type { AdminOrderDetail } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/orders/:orderNo. Silent: the drawer shows the error (a 404 reads 订单不存在…). */
export const getAdminOrder = (orderNo: string) =>
  api.get<AdminOrderDetail>(`/admin/orders/${encodeURIComponent(orderNo)}`, undefined, { silent: true });

export const adminOrderQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: queryKeys.adminOrder(orderNo),
    queryFn: () => getAdminOrder(orderNo),
    staleTime: 0,
  });

export const useAdminOrder = (orderNo: string | null) =>
  useQuery({ ...adminOrderQueryOptions(orderNo ?? ''), enabled: Boolean(orderNo) });
