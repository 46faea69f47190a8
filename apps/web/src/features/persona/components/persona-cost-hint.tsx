import { Typography } from 'antd';
import { InsufficientCreditsNotice } from '@/components/insufficient-credits-notice';
import { useLimitCheck } from '../api/check-limit';

/** What the next analysis costs, or the way to the goods page when the balance is short. */
export function PersonaCostHint() {
  const limit = useLimitCheck('persona');
  if (!limit.data) return null;
  const { allowed, cost, balance, reason } = limit.data;
  if (!allowed) return <InsufficientCreditsNotice message={reason} />;
  return (
    <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'center', fontSize: 13 }}>
      {cost > 0 ? `本次分析消耗 ${cost} 点，当前余额 ${balance} 点` : '本次分析不消耗点数'}
    </Typography.Text>
  );
}
