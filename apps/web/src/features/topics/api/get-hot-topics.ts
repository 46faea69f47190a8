import type { HotTopicList, HotTopicQuery } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Everything about topics lives under this key: a favourite toggled refreshes all of it. */
export const topicsKey = ['topics'] as const;

export const getHotTopics = (params: HotTopicQuery) => api.get<HotTopicList>('/topic/hot', params);

export const hotTopicsQueryOptions = (params: HotTopicQuery) =>
  queryOptions({
    queryKey: [...topicsKey, 'hot', params],
    queryFn: () => getHotTopics(params),
    placeholderData: keepPreviousData,
  });

export const useHotTopics = (params: HotTopicQuery) => useQuery(hotTopicsQueryOptions(params));
