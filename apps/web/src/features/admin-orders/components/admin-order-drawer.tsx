import type { AdminOrderDetail, OrderRefund } from '@app/contract';
import { Button, Drawer, Grid, Tooltip } from 'antd';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { useAdminOrder } from '../api/get-admin-order';
import { useRefundsUntilFinal } from '../hooks/use-refunds-until-final';
import { AdminOrderDetailView } from './admin-order-detail';
import { RefundDialog } from './refund-dialog';

/** Why an order cannot be refunded now, or null when it can. */
function refundBlocker(order: AdminOrderDetail, refunds: OrderRefund[]): string | null {
  if (order.status !== 'paid') return '只有已支付的订单可以退款';
  if (order.refundableCredits <= 0) return '这笔订单已经全部退完';
  if (refunds.some((r) => r.status === 'processing')) return '有一笔退款正在处理，请等它完成';
  return null;
}

function RefundButton({ order, refunds }: { order: AdminOrderDetail; refunds: OrderRefund[] }) {
  const [open, setOpen] = useState(false);
  const blocker = refundBlocker(order, refunds);
  // Already fully refunded or never paid: nothing to offer.
  if (order.status !== 'paid' && !open) return null;
  return (
    <>
      <Tooltip title={blocker}>
        <Button danger block disabled={blocker !== null} onClick={() => setOpen(true)}>
          退款
        </Button>
      </Tooltip>
      <RefundDialog order={order} refunds={refunds} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function DrawerContent({ order }: { order: AdminOrderDetail }) {
  const refunds = useRefundsUntilFinal(order.orderNo, order.refunds);
  return (
    <>
      <AdminOrderDetailView order={order} refunds={refunds} />
      <div className="ao-drawer-footer">
        <RefundButton order={order} refunds={refunds} />
      </div>
    </>
  );
}

/** One order's detail, from the right on a wide screen and from the bottom on a phone. */
export function AdminOrderDrawer({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const wide = Grid.useBreakpoint().sm ?? true;
  const query = useAdminOrder(orderNo);
  return (
    <Drawer
      open={orderNo !== null}
      onClose={onClose}
      title="订单详情"
      size={wide ? 520 : '100%'}
      placement={wide ? 'right' : 'bottom'}
      styles={wide ? undefined : { wrapper: { height: '92%' } }}
      destroyOnHidden
    >
      {orderNo && <QueryState query={query}>{(order) => <DrawerContent order={order} />}</QueryState>}
    </Drawer>
  );
}
