import type { DistributionCheck } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { distributionKey } from './get-distribution-info';

/**
 * Silent: the user menu asks on every page and has nothing to say when it fails (it keeps the
 * stored flag); the referral screens show the failure in place, with a retry.
 */
export const checkDistribution = () =>
  api.get<DistributionCheck>('/distribution/check', undefined, { silent: true });

/** One cache entry for "am I a distributor", shared by the user menu and the referral screens. */
export const distributionCheckQueryOptions = () =>
  queryOptions({ queryKey: [...distributionKey, 'check'], queryFn: checkDistribution, staleTime: 60_000 });

export const useIsDistributor = () => useQuery(distributionCheckQueryOptions());
