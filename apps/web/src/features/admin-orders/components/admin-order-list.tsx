import type { AdminOrder } from '@app/contract';
import { Button, Empty } from 'antd';
import { OrderStatusTag } from '@/components/order-status-tag';
import { ResponsiveList } from '@/components/responsive-list';
import { formatDateTime, formatYuan } from '@/lib/format';
import { useAdminOrders } from '../api/get-admin-orders';
import { type AdminOrderFilters, hasFilters, toListQuery } from '../lib/filters';
import { Buyer } from './buyer';

export const ADMIN_ORDERS_PAGE_SIZE = 10;

/** The status, and under a paid order what part of it has been refunded already. */
function StatusCell({ order }: { order: AdminOrder }) {
  return (
    <span className="ao-status">
      <OrderStatusTag status={order.status} />
      {order.status === 'paid' && order.refundedCents > 0 && (
        <span className="ao-status__refunded">已退 {formatYuan(order.refundedCents)}</span>
      )}
    </span>
  );
}

/** Every order matching the filters, newest first: a table on wide screens, cards on phones. */
export function AdminOrderList({
  filters,
  page,
  onPageChange,
  onOpen,
}: {
  filters: AdminOrderFilters;
  page: number;
  onPageChange: (page: number) => void;
  onOpen: (orderNo: string) => void;
}) {
  const query = useAdminOrders(toListQuery(filters, page, ADMIN_ORDERS_PAGE_SIZE));
  const open = (order: AdminOrder) => (
    <Button size="small" onClick={() => onOpen(order.orderNo)}>
      详情
    </Button>
  );

  return (
    <ResponsiveList<AdminOrder>
      query={query}
      rowKey={(order) => order.orderNo}
      empty={
        <Empty
          description={hasFilters(filters) ? '没有符合条件的订单，换个条件试试' : '还没有任何订单'}
          style={{ padding: '48px 0' }}
        />
      }
      tableProps={{
        scroll: { x: 1060 },
        onRow: (order) => ({ onClick: () => onOpen(order.orderNo), className: 'ao-row' }),
      }}
      columns={[
        {
          title: '订单号',
          dataIndex: 'orderNo',
          width: 216,
          render: (no: string) => <span className="ao-mono">{no}</span>,
        },
        {
          title: '买家',
          key: 'buyer',
          width: 180,
          render: (_, order) => <Buyer nickname={order.nickname} avatar={order.avatar} />,
        },
        { title: '商品', dataIndex: 'productName', width: 120, ellipsis: true },
        { title: '金额', dataIndex: 'amountCents', align: 'right', width: 100, render: formatYuan },
        { title: '点数', dataIndex: 'credits', align: 'right', width: 80 },
        { title: '状态', key: 'status', width: 120, render: (_, order) => <StatusCell order={order} /> },
        { title: '下单时间', dataIndex: 'createdAt', width: 150, render: formatDateTime },
        { title: '操作', key: 'actions', fixed: 'right', width: 90, render: (_, order) => open(order) },
      ]}
      cardsClassName="ao-cards"
      renderCard={(order) => (
        <article className="ao-card" data-testid="admin-order-card">
          <div className="ao-card__row">
            <span className="ao-card__product">{order.productName}</span>
            <StatusCell order={order} />
          </div>
          <div className="ao-card__row">
            <span className="ao-card__amount">{formatYuan(order.amountCents)}</span>
            <span className="ao-card__credits">{order.credits} 点</span>
          </div>
          <div className="ao-card__row">
            <Buyer nickname={order.nickname} avatar={order.avatar} size={22} />
            {open(order)}
          </div>
          <div className="ao-card__meta">
            {formatDateTime(order.createdAt)} · <span className="ao-mono">{order.orderNo}</span>
          </div>
        </article>
      )}
      page={page}
      pageSize={ADMIN_ORDERS_PAGE_SIZE}
      onPageChange={onPageChange}
      pagerClassName="ao-pager"
    />
  );
}
