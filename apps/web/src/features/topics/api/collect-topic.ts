import type { CollectTopicInput, CollectTopicResult, HotTopicList } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { topicsKey } from './get-hot-topics';

export const collectTopic = (input: CollectTopicInput) =>
  api.post<CollectTopicResult>('/topic/collect', input);

/**
 * Toggles a favourite. The star flips at once in every hot list on screen (the call is
 * idempotent, so a double click is harmless) and flips back if the call fails.
 */
export function useCollectTopic() {
  const client = useQueryClient();
  const hotKey = [...topicsKey, 'hot'];
  return useMutation({
    mutationFn: collectTopic,
    onMutate: async (input) => {
      await client.cancelQueries({ queryKey: hotKey });
      const before = client.getQueriesData<HotTopicList>({ queryKey: hotKey });
      client.setQueriesData<HotTopicList>({ queryKey: hotKey }, (list) =>
        list
          ? {
              items: list.items.map((t) => (t.id === input.topicId ? { ...t, collected: input.collect } : t)),
            }
          : list,
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    },
    onSuccess: (result) => toast.success(result.collected ? '已加入收藏' : '已取消收藏'),
    onSettled: () => client.invalidateQueries({ queryKey: topicsKey }),
  });
}
