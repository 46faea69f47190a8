import { type Order, type OrderStatus, orderStatusNames } from '@app/contract';
import { Button, Empty, Segmented } from 'antd';
import { useState } from 'react';
import { OrderStatusTag } from '@/components/order-status-tag';
import { ResponsiveList } from '@/components/responsive-list';
import { formatDateTime, formatYuan } from '@/lib/format';
import { useOrders } from '../api/get-orders';
import './order-list.css';

const PAGE_SIZE = 10;
type Filter = OrderStatus | 'all';
const filters: { label: string; value: Filter }[] = [
  { label: '全部', value: 'all' },
  ...(['pending', 'paid', 'closed', 'refunded'] as const).map((s) => ({
    label: orderStatusNames[s],
    value: s,
  })),
];

interface OrderListProps {
  onPay: (order: Order) => void;
  onView: (order: Order) => void;
  onShop: () => void;
}

/** My orders: filter by status, page, pay a pending one, open the details. A table wide, cards narrow. */
export function OrderList({ onPay, onView, onShop }: OrderListProps) {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const query = useOrders({ page, pageSize: PAGE_SIZE, ...(filter === 'all' ? {} : { status: filter }) });

  const actions = (order: Order) => (
    <div className="order-list__actions">
      {order.status === 'pending' && (
        <Button type="primary" size="small" onClick={() => onPay(order)}>
          去支付
        </Button>
      )}
      <Button size="small" onClick={() => onView(order)}>
        详情
      </Button>
    </div>
  );

  return (
    <>
      <div className="order-list__filter">
        <Segmented
          options={filters}
          value={filter}
          onChange={(value) => {
            setFilter(value as Filter);
            setPage(1);
          }}
        />
      </div>
      <ResponsiveList<Order>
        query={query}
        rowKey={(order) => order.id}
        empty={
          <Empty
            description={filter === 'all' ? '还没有订单' : `没有${orderStatusNames[filter]}的订单`}
            style={{ padding: '48px 0' }}
          >
            {filter === 'all' && (
              <Button type="primary" onClick={onShop}>
                去购买点数
              </Button>
            )}
          </Empty>
        }
        columns={[
          {
            title: '订单号',
            dataIndex: 'orderNo',
            render: (no: string) => <span className="order-list__no">{no}</span>,
          },
          { title: '商品', dataIndex: 'productName' },
          { title: '金额', dataIndex: 'amountCents', render: formatYuan, align: 'right' },
          { title: '点数', dataIndex: 'credits', align: 'right' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: OrderStatus) => <OrderStatusTag status={s} />,
          },
          { title: '下单时间', dataIndex: 'createdAt', render: formatDateTime },
          { title: '操作', key: 'actions', render: (_, order) => actions(order) },
        ]}
        cardsClassName="order-list__cards"
        renderCard={(order) => (
          <article className="order-card" data-testid="order-card">
            <div className="order-card__top">
              <span className="order-card__name">{order.productName}</span>
              <OrderStatusTag status={order.status} />
            </div>
            <div className="order-card__mid">
              <span className="order-card__amount">{formatYuan(order.amountCents)}</span>
              <span className="order-card__credits">{order.credits} 点</span>
            </div>
            <div className="order-card__meta">
              {formatDateTime(order.createdAt)} · {order.orderNo}
            </div>
            {actions(order)}
          </article>
        )}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        pagerClassName="order-list__pager"
      />
    </>
  );
}
