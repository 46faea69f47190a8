import type { Article } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { collegeKey } from './get-articles';

export const getArticle = (slug: string) =>
  api.get<Article>(`/college/${encodeURIComponent(slug)}`, undefined, { silent: true });

export const articleQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...collegeKey, 'article', slug],
    queryFn: () => getArticle(slug),
    staleTime: 30 * 60_000,
  });

export const useArticle = (slug: string) => useQuery(articleQueryOptions(slug));
