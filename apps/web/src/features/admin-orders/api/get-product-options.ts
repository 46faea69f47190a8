import type { Product } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The products on sale, for the product filter of the order list. */
export const getProductOptions = () => api.get<Product[]>('/product/list');

export const productOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin-order-products'],
    queryFn: getProductOptions,
    staleTime: 5 * 60_000,
  });

export const useProductOptions = () => useQuery(productOptionsQueryOptions());
