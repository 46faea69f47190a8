import type { DistributionAdd } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAccountStore } from '@/stores/account-store';
import { distributionCheckQueryOptions } from './check-distribution';
import { distributionKey } from './get-distribution-info';

export const becomeDistributor = () => api.get<DistributionAdd>('/distribution/add');

/** The same step the user menu offers, from the page a non-distributor lands on. */
export function useBecomeDistributor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: becomeDistributor,
    onSuccess() {
      useAccountStore.getState().setDistribution(true);
      queryClient.setQueryData(distributionCheckQueryOptions().queryKey, { is_distribution: true });
      toast.success('恭喜您成为分销商！');
      void queryClient.invalidateQueries({ queryKey: distributionKey });
    },
  });
}
