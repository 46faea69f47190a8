import type { GenerationInput } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { scriptKeys } from './keys';

export const generateScript = (input: GenerationInput) =>
  // A 422 (no credits) is shown as a notice with a way to buy credits, not as a toast.
  api.post<{ id: string; status: 'generating' }>('/creator/generate', input, { silent: true });

/** Starts a generation; it then runs on the server, whatever this page does. */
export function useGenerateScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateScript,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.limit });
      void queryClient.invalidateQueries({ queryKey: scriptKeys.generations });
    },
  });
}
