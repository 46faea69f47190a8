import type { CollectedTopic, Page } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { topicsKey } from './get-hot-topics';

export interface CollectedParams {
  page: number;
  pageSize: number;
}

export const getCollectedTopics = (params: CollectedParams) =>
  api.get<Page<CollectedTopic>>('/topic/collect/list', params);

export const collectedTopicsQueryOptions = (params: CollectedParams) =>
  queryOptions({
    queryKey: [...topicsKey, 'collected', params],
    queryFn: () => getCollectedTopics(params),
    placeholderData: keepPreviousData,
  });

export const useCollectedTopics = (params: CollectedParams) => useQuery(collectedTopicsQueryOptions(params));
