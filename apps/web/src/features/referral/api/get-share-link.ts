import type { DistributionUri } from '@app/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { copyText } from '@/lib/copy-text';
import { toast } from '@/lib/toast';
import { distributionKey } from './get-distribution-info';

export const getShareLink = () => api.get<DistributionUri>('/distribution/uri');

export const shareLinkQueryOptions = () =>
  queryOptions({ queryKey: [...distributionKey, 'uri'], queryFn: getShareLink, staleTime: Infinity });

/** The share link, shown on the referral screen. */
export const useShareLink = (enabled: boolean) => useQuery({ ...shareLinkQueryOptions(), enabled });

/** The user menu's entry: fetches the link (or takes it from the cache) and copies it: 复制成功 / 复制失败 (SPEC §8). */
export function useCopyShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { url } = await queryClient.fetchQuery(shareLinkQueryOptions());
      return copyText(url);
    },
    onSuccess(copied) {
      if (copied) toast.success('复制成功');
      else toast.error('复制失败');
    },
  });
}
