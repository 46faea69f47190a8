import type { Page, ScriptListItem } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { scriptKeys } from './keys';

export interface ScriptListParams {
  confirmed?: boolean;
  page: number;
  pageSize: number;
}

export const getScripts = ({ confirmed, ...page }: ScriptListParams) =>
  api.get<Page<ScriptListItem>>('/script/list', confirmed === undefined ? page : { ...page, confirmed });

export const scriptsQueryOptions = (params: ScriptListParams) =>
  queryOptions({
    queryKey: [...scriptKeys.lists, params],
    queryFn: () => getScripts(params),
    placeholderData: keepPreviousData,
  });

export const useScripts = (params: ScriptListParams) => useQuery(scriptsQueryOptions(params));
