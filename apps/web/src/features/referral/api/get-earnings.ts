import type { Earnings } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { distributionKey } from './get-distribution-info';

export const getEarnings = (days: number) => api.get<Earnings>('/distribution/earnings', { days });

export const earningsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: [...distributionKey, 'earnings', days],
    queryFn: () => getEarnings(days),
    placeholderData: keepPreviousData,
  });

export const useEarnings = (days: number) => useQuery(earningsQueryOptions(days));
