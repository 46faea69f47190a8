import { type OrderStatus, orderStatusNames } from '@app/contract';
import { Tag } from 'antd';

const colors: Record<OrderStatus, string> = {
  pending: 'gold',
  paid: 'green',
  closed: 'default',
  refunded: 'purple',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return (
    <Tag color={colors[status]} style={{ marginInlineEnd: 0 }}>
      {orderStatusNames[status]}
    </Tag>
  );
}
