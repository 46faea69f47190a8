import type { DistributionInfo } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Everything of the referral programme lives under this key: becoming a distributor refreshes it all. */
export const distributionKey = ['distribution'] as const;

export interface DistributionInfoParams {
  page: number;
  pageSize: number;
}

export const getDistributionInfo = (params: DistributionInfoParams) =>
  api.get<DistributionInfo>('/distribution/info', params);

export const distributionInfoQueryOptions = (params: DistributionInfoParams) =>
  queryOptions({
    queryKey: [...distributionKey, 'info', params],
    queryFn: () => getDistributionInfo(params),
    placeholderData: keepPreviousData,
  });

export const useDistributionInfo = (params: DistributionInfoParams) =>
  useQuery(distributionInfoQueryOptions(params));
