import type { InspirationItem, InspirationSort, Page } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspirationKey } from './get-inspiration-categories';

export interface InspirationListParams {
  categoryId?: string;
  sort: InspirationSort;
  page: number;
  pageSize: number;
}

export const getInspirationList = (params: InspirationListParams) =>
  api.get<Page<InspirationItem>>('/redu/list', params);

export const inspirationListQueryOptions = (params: InspirationListParams) =>
  queryOptions({
    queryKey: [...inspirationKey, 'list', params],
    queryFn: () => getInspirationList(params),
    placeholderData: keepPreviousData,
  });

export const useInspirationList = (params: InspirationListParams) =>
  useQuery(inspirationListQueryOptions(params));
