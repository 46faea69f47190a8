import type { ScriptTemplate } from '@app/contract/generation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getTemplates = () => api.get<ScriptTemplate[]>('/script/templates');

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: ['script', 'templates'],
    queryFn: getTemplates,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The templates change only with a deploy: fetched once per visit. */
export const useTemplates = () => useQuery(templatesQueryOptions());
