import type { Product } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const productsKey = ['products'] as const;

export const getProducts = () => api.get<Product[]>('/product/list');

export const productsQueryOptions = () =>
  queryOptions({ queryKey: productsKey, queryFn: getProducts, staleTime: 5 * 60_000 });

export const useProducts = () => useQuery(productsQueryOptions());
