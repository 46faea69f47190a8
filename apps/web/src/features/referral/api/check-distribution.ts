import type { DistributionCheck } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { distributionKey } from './get-distribution-info';

export const checkDistribution = () => api.get<DistributionCheck>('/distribution/check');

/** Same key as the user menu's check: one cache entry for "am I a distributor". */
export const distributionCheckQueryOptions = () =>
  queryOptions({ queryKey: [...distributionKey, 'check'], queryFn: checkDistribution, staleTime: 60_000 });

export const useIsDistributor = () => useQuery(distributionCheckQueryOptions());
