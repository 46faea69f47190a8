import { Button, Tooltip } from 'antd';
import { useSettleNow } from '../api/settle-now';

export function SettleNowButton() {
  const settle = useSettleNow();
  return (
    <Tooltip title="把已过结算期的待结算佣金转为可提现（系统也会定时自动结算）">
      <Button loading={settle.isPending} onClick={() => settle.mutate()}>
        立即结算到期佣金
      </Button>
    </Tooltip>
  );
}
