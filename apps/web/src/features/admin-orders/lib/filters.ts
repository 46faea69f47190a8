import type { AdminOrderListQuery, OrderStatus } from '@app/contract';

/** What the admin has chosen above the list; every field is optional, empty means "all". */
export interface AdminOrderFilters {
  keyword?: string;
  status?: OrderStatus;
  productId?: string;
  /** China days, YYYY-MM-DD; `to` inclusive. */
  from?: string;
  to?: string;
}

export const hasFilters = (f: AdminOrderFilters) => Object.values(f).some(Boolean);

/** The list query: only the filters that are set, so the URL and the query key stay short. */
export function toListQuery(filters: AdminOrderFilters, page: number, pageSize: number): AdminOrderListQuery {
  const query: AdminOrderListQuery = { page, pageSize };
  for (const [key, value] of Object.entries(filters) as [keyof AdminOrderFilters, string | undefined][]) {
    const trimmed = value?.trim();
    if (trimmed) Object.assign(query, { [key]: trimmed });
  }
  return query;
}
