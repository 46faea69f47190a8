import type { Stats, StatsGranularity } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface StatsParams {
  granularity: StatsGranularity;
  from: string;
  to: string;
}

export const statsKey = ['admin-stats'] as const;

export const getStats = (params: StatsParams) => api.get<Stats>('/admin/stats', params);

export const statsQueryOptions = (params: StatsParams) =>
  queryOptions({
    queryKey: [...statsKey, params],
    queryFn: () => getStats(params),
    // Switching the range keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** `enabled` false while the chosen range is one the server would refuse. */
export const useStats = (params: StatsParams, enabled = true) =>
  useQuery({ ...statsQueryOptions(params), enabled });
