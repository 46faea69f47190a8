import type { GenerationListItem, Page } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { scriptKeys } from './keys';

export interface PageParams {
  page: number;
  pageSize: number;
}

export const getGenerations = (params: PageParams) =>
  api.get<Page<GenerationListItem>>('/creator/list', params);

export const generationsQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: [...scriptKeys.generations, 'list', params],
    queryFn: () => getGenerations(params),
    placeholderData: keepPreviousData,
  });

export const useGenerations = (params: PageParams) => useQuery(generationsQueryOptions(params));
