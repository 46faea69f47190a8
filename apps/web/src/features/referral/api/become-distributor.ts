import type { DistributionAdd } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAccountStore } from '@/stores/account-store';
import { distributionCheckQueryOptions } from './check-distribution';
import { distributionKey } from './get-distribution-info';

export const becomeDistributor = () => api.get<DistributionAdd>('/distribution/add');

/**
 * From the user menu or the page a non-distributor lands on. SPEC §4: after success the flag is
 * true at once, which swaps the menu entries.
 */
export function useBecomeDistributor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: becomeDistributor,
    onSuccess() {
      useAccountStore.getState().setDistribution(true);
      queryClient.setQueryData(distributionCheckQueryOptions().queryKey, { is_distribution: true });
      toast.success('恭喜您成为分销商！');
      // Customers, wallet and anything else of the programme now apply to this user.
      void queryClient.invalidateQueries({ queryKey: distributionKey });
    },
  });
}
