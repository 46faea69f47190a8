import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminOrderFilters } from '../lib/filters';
import { AdminOrderDrawer } from './admin-order-drawer';
import { AdminOrderFiltersBar } from './admin-order-filters';
import { AdminOrderList } from './admin-order-list';
import './admin-orders.css';

/**
 * 订单管理: find orders, open one, refund it. The open order is in the address (?order=JB…), so
 * an admin can send a colleague a link straight to it.
 */
export function AdminOrders() {
  const [filters, setFilters] = useState<AdminOrderFilters>({});
  const [page, setPage] = useState(1);
  const [params, setParams] = useSearchParams();
  const openOrderNo = params.get('order');
  const setOpenOrderNo = (orderNo: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (orderNo) next.set('order', orderNo);
        else next.delete('order');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <AdminOrderFiltersBar
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <AdminOrderList filters={filters} page={page} onPageChange={setPage} onOpen={setOpenOrderNo} />
      <AdminOrderDrawer orderNo={openOrderNo} onClose={() => setOpenOrderNo(null)} />
    </>
  );
}
