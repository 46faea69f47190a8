import type { TopicCategory } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const inspirationKey = ['inspiration'] as const;

export const getInspirationCategories = () => api.get<TopicCategory[]>('/redu/category');

export const inspirationCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...inspirationKey, 'categories'],
    queryFn: getInspirationCategories,
    staleTime: 10 * 60_000,
  });

export const useInspirationCategories = () => useQuery(inspirationCategoriesQueryOptions());
