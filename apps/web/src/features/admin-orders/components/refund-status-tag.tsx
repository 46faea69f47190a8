import { type RefundStatus, refundStatusNames } from '@app/contract';
import { Tag } from 'antd';

const colors: Record<RefundStatus, string> = {
  processing: 'processing',
  succeeded: 'success',
  abnormal: 'warning',
  closed: 'default',
};

export function RefundStatusTag({ status }: { status: RefundStatus }) {
  return (
    <Tag color={colors[status]} style={{ marginInlineEnd: 0 }} data-testid="refund-status">
      {refundStatusNames[status]}
    </Tag>
  );
}
