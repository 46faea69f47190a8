import { type WithdrawStatus, withdrawStatusNames } from '@app/contract';
import { Tag } from 'antd';

const colors: Record<WithdrawStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
};

export function WithdrawStatusTag({ status }: { status: WithdrawStatus }) {
  return (
    <Tag color={colors[status]} data-testid="withdraw-status">
      {withdrawStatusNames[status]}
    </Tag>
  );
}
