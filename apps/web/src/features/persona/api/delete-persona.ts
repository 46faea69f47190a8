import type { PersonaDeleteResult } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deletePersona = (id: string) => api.delete<PersonaDeleteResult>(`/persona/${id}`);

export function useDeletePersona() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePersona,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.personas }),
  });
}
