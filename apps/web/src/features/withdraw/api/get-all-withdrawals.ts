import type { AdminWithdrawal, Page, WithdrawStatus } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withdrawKey } from './get-my-withdrawals';

export interface ReviewQueueParams {
  status?: WithdrawStatus;
  page: number;
  pageSize: number;
}

export const getAllWithdrawals = ({ status, ...rest }: ReviewQueueParams) =>
  api.get<Page<AdminWithdrawal>>('/withdraw/all', status ? { status, ...rest } : rest);

export const allWithdrawalsQueryOptions = (params: ReviewQueueParams) =>
  queryOptions({
    queryKey: [...withdrawKey, 'all', params],
    queryFn: () => getAllWithdrawals(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAllWithdrawals = (params: ReviewQueueParams) => useQuery(allWithdrawalsQueryOptions(params));
