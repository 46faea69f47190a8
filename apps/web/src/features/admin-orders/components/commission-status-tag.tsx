import { type AdminOrderCommissionStatus, adminOrderCommissionStatusNames } from '@app/contract';
import { Tag } from 'antd';

const colors: Record<AdminOrderCommissionStatus, string> = {
  pending: 'gold',
  available: 'green',
  cancelled: 'default',
  clawed_back: 'red',
};

export function CommissionStatusTag({ status }: { status: AdminOrderCommissionStatus }) {
  return (
    <Tag color={colors[status]} style={{ marginInlineEnd: 0 }}>
      {adminOrderCommissionStatusNames[status]}
    </Tag>
  );
}
