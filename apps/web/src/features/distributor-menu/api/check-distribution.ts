import type { DistributionCheck } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const checkDistribution = () =>
  api.get<DistributionCheck>('/distribution/check', undefined, { silent: true });

export const distributionCheckQueryOptions = () =>
  queryOptions({ queryKey: ['distribution', 'check'], queryFn: checkDistribution, staleTime: 60_000 });

export const useDistributionCheck = (enabled: boolean) =>
  useQuery({ ...distributionCheckQueryOptions(), enabled });
