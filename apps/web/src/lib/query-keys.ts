import type { AdminOrderListQuery } from '@app/contract';

/**
 * Query keys that more than one feature (or a route composing several) reads or refreshes, named
 * once so a refresh in one place reaches every screen that shows the data. Keys private to one
 * feature stay in that feature's api files.
 */
const limit = ['limit'] as const;
const personas = ['personas'] as const;
const adminOrders = ['admin-orders'] as const;

export const queryKeys = {
  /** What the next generation costs (POST /limit/check): refresh after anything that moves credits. */
  limit,
  /** Every persona list: the persona screens and the script workspace's persona picker. */
  personas,
  personaList: (params: { page: number; pageSize: number }) => [...personas, 'list', params] as const,
  /** The admin's order screen: a refund refreshes the list, the order and its refunds at once. */
  adminOrders,
  adminOrderList: (params: AdminOrderListQuery) => [...adminOrders, 'list', params] as const,
  adminOrder: (orderNo: string) => [...adminOrders, 'detail', orderNo] as const,
  adminOrderRefunds: (orderNo: string) => [...adminOrders, 'refunds', orderNo] as const,
};
