import type { Order } from '@app/contract';
import { Button, Descriptions, Drawer, Grid } from 'antd';
import { OrderStatusTag } from '@/components/order-status-tag';
import { formatDateTime, formatYuan } from '@/lib/format';

/** Every field of one order; a pending one can be paid from here. */
export function OrderDetailDrawer({
  order,
  onClose,
  onPay,
}: {
  order: Order | null;
  onClose: () => void;
  onPay: (order: Order) => void;
}) {
  const wide = Grid.useBreakpoint().sm ?? true;
  return (
    <Drawer
      open={order !== null}
      onClose={onClose}
      title="订单详情"
      size={wide ? 420 : '100%'}
      placement={wide ? 'right' : 'bottom'}
      styles={wide ? undefined : { wrapper: { height: '80%' } }}
      footer={
        order?.status === 'pending' ? (
          <Button type="primary" block onClick={() => onPay(order)}>
            去支付 {formatYuan(order.amountCents)}
          </Button>
        ) : null
      }
    >
      {order && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="订单号">{order.orderNo}</Descriptions.Item>
          <Descriptions.Item label="商品">{order.productName}</Descriptions.Item>
          <Descriptions.Item label="金额">{formatYuan(order.amountCents)}</Descriptions.Item>
          <Descriptions.Item label="点数">{order.credits} 点</Descriptions.Item>
          <Descriptions.Item label="状态">
            <OrderStatusTag status={order.status} />
          </Descriptions.Item>
          <Descriptions.Item label="下单时间">{formatDateTime(order.createdAt)}</Descriptions.Item>
          {order.paidAt && (
            <Descriptions.Item label="支付时间">{formatDateTime(order.paidAt)}</Descriptions.Item>
          )}
          {order.status === 'pending' && (
            <Descriptions.Item label="支付截止">{formatDateTime(order.expiresAt)}</Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Drawer>
  );
}
