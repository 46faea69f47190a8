import type { ScriptTemplate } from '@app/contract/generation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { scriptKeys } from './keys';

export const getTemplates = () => api.get<ScriptTemplate[]>('/script/templates');

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: [...scriptKeys.all, 'templates'],
    queryFn: getTemplates,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The templates change only with a deploy: fetched once per visit. */
export const useTemplates = () => useQuery(templatesQueryOptions());
