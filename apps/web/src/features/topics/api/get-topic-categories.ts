import type { TopicCategory } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { topicsKey } from './get-hot-topics';

export const getTopicCategories = () => api.get<TopicCategory[]>('/topic/category');

// The niches change with a release, not during a visit.
export const topicCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...topicsKey, 'categories'],
    queryFn: getTopicCategories,
    staleTime: 10 * 60_000,
  });

export const useTopicCategories = () => useQuery(topicCategoriesQueryOptions());

/** id → name, for rows that carry only the category id. */
export function useCategoryNames(): Record<string, string> {
  const { data } = useTopicCategories();
  return Object.fromEntries((data ?? []).map((c) => [c.id, c.name]));
}
