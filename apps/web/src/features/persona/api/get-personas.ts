import type { Page, Persona } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface PersonaListParams {
  page: number;
  pageSize: number;
}

export const getPersonas = (params: PersonaListParams) => api.get<Page<Persona>>('/persona/list', params);

export const personasQueryOptions = (params: PersonaListParams) =>
  queryOptions({ queryKey: queryKeys.personaList(params), queryFn: () => getPersonas(params) });

export const usePersonas = (params: PersonaListParams) => useQuery(personasQueryOptions(params));
