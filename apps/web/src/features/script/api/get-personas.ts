import type { Page, Persona } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Same key as the persona screens use, so their changes show here too. */
export const personaOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['personas', 'list', { page: 1, pageSize: 50 }],
    queryFn: () => api.get<Page<Persona>>('/persona/list', { page: 1, pageSize: 50 }),
  });

export const usePersonaOptions = () => useQuery(personaOptionsQueryOptions());
