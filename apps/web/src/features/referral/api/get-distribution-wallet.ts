import type { DistributionWallet } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { distributionKey } from './get-distribution-info';

export const getDistributionWallet = () => api.get<DistributionWallet>('/distribution/wallet');

export const distributionWalletQueryOptions = () =>
  queryOptions({ queryKey: [...distributionKey, 'wallet'], queryFn: getDistributionWallet, staleTime: 0 });

export const useDistributionWallet = () => useQuery(distributionWalletQueryOptions());
