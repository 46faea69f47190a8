import type { LimitAction, LimitCheckResult } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const checkLimit = (action: LimitAction, units?: number) =>
  api.post<LimitCheckResult>('/limit/check', units ? { action, units } : { action }, { silent: true });

export const limitQueryOptions = (action: LimitAction) =>
  queryOptions({ queryKey: [...queryKeys.limit, action], queryFn: () => checkLimit(action), staleTime: 0 });

/** What the next generation costs and whether the balance covers it (advice; the server decides). */
export const useLimitCheck = (action: LimitAction) => useQuery(limitQueryOptions(action));
