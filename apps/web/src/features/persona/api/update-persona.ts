import type { Persona, PersonaUpdate } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const updatePersona = (id: string, patch: PersonaUpdate) =>
  api.patch<Persona>(`/persona/${id}`, patch);

/** Rename or make default; every persona list is refreshed afterwards (the default moves). */
export function useUpdatePersona() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: PersonaUpdate }) => updatePersona(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.personas }),
  });
}
