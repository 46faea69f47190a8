import type { GoodsWallet } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Every view of the credit balance uses this key: invalidate it after anything that changes the
 * balance (a purchase, a generation) and every balance on screen refreshes. The ledger lives under
 * it too.
 */
export const goodsWalletKey = ['goods-wallet'] as const;

export const getGoodsWallet = () => api.get<GoodsWallet>('/goods/wallet');

export const goodsWalletQueryOptions = () =>
  queryOptions({ queryKey: goodsWalletKey, queryFn: getGoodsWallet, staleTime: 10_000 });

export const useGoodsWallet = () => useQuery(goodsWalletQueryOptions());
