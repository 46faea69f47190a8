import type { InternalMember, InternalStatus, Page } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every internal-member query starts with this key: a decision or an application refreshes them all. */
export const internalKey = ['internal'] as const;

export interface InternalListParams {
  status?: InternalStatus;
  page: number;
  pageSize: number;
}

export const getInternalList = ({ status, ...rest }: InternalListParams) =>
  api.get<Page<InternalMember>>('/internal/list', status ? { status, ...rest } : rest);

export const internalListQueryOptions = (params: InternalListParams) =>
  queryOptions({
    queryKey: [...internalKey, 'list', params],
    queryFn: () => getInternalList(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useInternalList = (params: InternalListParams) => useQuery(internalListQueryOptions(params));
