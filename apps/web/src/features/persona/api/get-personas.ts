import type { Page, Persona } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface PersonaListParams {
  page: number;
  pageSize: number;
}

/** Every persona query starts with this key, so one invalidation refreshes them all. */
export const personasKey = ['personas'] as const;

export const getPersonas = (params: PersonaListParams) => api.get<Page<Persona>>('/persona/list', params);

export const personasQueryOptions = (params: PersonaListParams) =>
  queryOptions({ queryKey: [...personasKey, 'list', params], queryFn: () => getPersonas(params) });

export const usePersonas = (params: PersonaListParams) => useQuery(personasQueryOptions(params));
