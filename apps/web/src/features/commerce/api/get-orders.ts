import type { Order, OrderStatus, Page } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every order query starts with this key: one invalidation refreshes lists and details. */
export const ordersKey = ['orders'] as const;

export interface OrderListParams {
  status?: OrderStatus;
  page: number;
  pageSize: number;
}

export const getOrders = ({ status, ...rest }: OrderListParams) =>
  api.get<Page<Order>>('/order/list', status ? { status, ...rest } : rest);

export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: [...ordersKey, 'list', params],
    queryFn: () => getOrders(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useOrders = (params: OrderListParams) => useQuery(ordersQueryOptions(params));
