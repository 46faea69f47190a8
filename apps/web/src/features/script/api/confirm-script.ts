import type { Script, ScriptConfirmInput } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { scriptKeys } from './keys';

export const confirmScript = (input: ScriptConfirmInput) => api.post<Script>('/script/confirm', input);

/** Confirms (with the edits); history's lists show it afterwards. */
export function useConfirmScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmScript,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: scriptKeys.lists });
      void queryClient.invalidateQueries({ queryKey: scriptKeys.generations });
    },
  });
}
