import type { ArticleSummary } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const collegeKey = ['college'] as const;

export const getArticles = () => api.get<{ items: ArticleSummary[] }>('/college/list');

// Articles ship with a release: no need to refetch during a visit.
export const articlesQueryOptions = () =>
  queryOptions({ queryKey: [...collegeKey, 'list'], queryFn: getArticles, staleTime: 30 * 60_000 });

export const useArticles = () => useQuery(articlesQueryOptions());
