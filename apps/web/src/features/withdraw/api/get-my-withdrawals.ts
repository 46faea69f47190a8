import type { Page, Withdrawal } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every withdrawal query starts with this key: a request or a decision refreshes them all. */
export const withdrawKey = ['withdraw'] as const;

export interface WithdrawPageParams {
  page: number;
  pageSize: number;
}

export const getMyWithdrawals = (params: WithdrawPageParams) =>
  api.get<Page<Withdrawal>>('/withdraw/list', params);

export const myWithdrawalsQueryOptions = (params: WithdrawPageParams) =>
  queryOptions({
    queryKey: [...withdrawKey, 'mine', params],
    queryFn: () => getMyWithdrawals(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useMyWithdrawals = (params: WithdrawPageParams) => useQuery(myWithdrawalsQueryOptions(params));
