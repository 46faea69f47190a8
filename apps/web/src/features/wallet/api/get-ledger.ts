import type { LedgerEntry, Page } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { goodsWalletKey } from './get-goods-wallet';

export interface LedgerParams {
  page: number;
  pageSize: number;
}

export const getLedger = (params: LedgerParams) =>
  api.get<Page<LedgerEntry>>('/goods/wallet_transaction', params);

export const ledgerQueryOptions = (params: LedgerParams) =>
  queryOptions({
    queryKey: [...goodsWalletKey, 'ledger', params],
    queryFn: () => getLedger(params),
    placeholderData: keepPreviousData,
  });

export const useLedger = (params: LedgerParams) => useQuery(ledgerQueryOptions(params));
