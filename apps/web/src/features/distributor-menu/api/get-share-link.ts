import type { DistributionUri } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { copyText } from '@/lib/copy-text';
import { toast } from '@/lib/toast';

export const getShareLink = () => api.get<DistributionUri>('/distribution/uri');

/** Fetches the share link and copies it: 复制成功 / 复制失败 (SPEC §8). */
export function useCopyShareLink() {
  return useMutation({
    mutationFn: async () => {
      const { url } = await getShareLink();
      return copyText(url);
    },
    onSuccess(copied) {
      if (copied) toast.success('复制成功');
      else toast.error('复制失败');
    },
  });
}
