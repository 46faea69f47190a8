import type { LimitCheckResult } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const checkScriptLimit = (variants: number) =>
  api.post<LimitCheckResult>('/limit/check', { action: 'script', units: variants }, { silent: true });

export const scriptLimitQueryOptions = (variants: number) =>
  queryOptions({
    queryKey: [...queryKeys.limit, 'script', variants],
    queryFn: () => checkScriptLimit(variants),
    staleTime: 0,
  });

/** What generating `variants` versions costs now, and whether the balance covers it (advice only). */
export const useScriptLimit = (variants: number) => useQuery(scriptLimitQueryOptions(variants));
