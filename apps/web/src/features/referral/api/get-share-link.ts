import type { DistributionUri } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { distributionKey } from './get-distribution-info';

/** The share link, shown on the page (the user menu copies it too, through its own call). */
export const getShareLink = () => api.get<DistributionUri>('/distribution/uri');

export const shareLinkQueryOptions = () =>
  queryOptions({ queryKey: [...distributionKey, 'uri'], queryFn: getShareLink, staleTime: Infinity });

export const useShareLink = (enabled: boolean) => useQuery({ ...shareLinkQueryOptions(), enabled });
