import type { AdminOrder, AdminOrderListQuery, Page } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/orders: filters left out when empty, so the server sees only what the admin chose. */
export const getAdminOrders = (params: AdminOrderListQuery) =>
  api.get<Page<AdminOrder>>('/admin/orders', params);

export const adminOrdersQueryOptions = (params: AdminOrderListQuery) =>
  queryOptions({
    queryKey: queryKeys.adminOrderList(params),
    queryFn: () => getAdminOrders(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminOrders = (params: AdminOrderListQuery) => useQuery(adminOrdersQueryOptions(params));
