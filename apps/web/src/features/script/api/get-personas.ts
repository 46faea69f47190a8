import type { Page, Persona } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The persona screens' key for the same list, so their changes show here too. */
export const personaOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.personaList({ page: 1, pageSize: 50 }),
    queryFn: () => api.get<Page<Persona>>('/persona/list', { page: 1, pageSize: 50 }),
  });

export const usePersonaOptions = () => useQuery(personaOptionsQueryOptions());
