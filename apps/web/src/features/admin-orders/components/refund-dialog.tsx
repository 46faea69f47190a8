import type { AdminOrderDetail, OrderRefund } from '@app/contract';
import { Modal } from 'antd';
import { useState } from 'react';
import { useCreateOrderRefund } from '../api/create-order-refund';
import { RefundForm } from './refund-form';
import { RefundProgress } from './refund-progress';

interface Props {
  order: AdminOrderDetail;
  /** The order's refunds as they are polled, to follow the one asked for here. */
  refunds: OrderRefund[];
  open: boolean;
  onClose: () => void;
}

/** One opening of the dialog is one refund: its idempotency key is made here, once. */
function RefundDialogBody({ order, refunds, onClose }: Omit<Props, 'open'>) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const create = useCreateOrderRefund(order.orderNo);
  if (create.data) {
    const current = refunds.find((r) => r.id === create.data.id) ?? create.data;
    return <RefundProgress refund={current} buyerBalance={order.buyerBalance} onClose={onClose} />;
  }
  return (
    <RefundForm
      order={order}
      pending={create.isPending}
      error={create.error}
      // The same key on every submit: a double click or a retry is this one refund.
      onSubmit={(values) => create.mutate({ ...values, idempotencyKey })}
      onCancel={onClose}
    />
  );
}

export function RefundDialog({ open, ...props }: Props) {
  return (
    <Modal open={open} title="订单退款" footer={null} onCancel={props.onClose} destroyOnHidden width={480}>
      <RefundDialogBody {...props} />
    </Modal>
  );
}
