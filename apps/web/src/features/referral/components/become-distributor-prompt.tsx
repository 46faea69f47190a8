import { Button, Result } from 'antd';
import { useBecomeDistributor } from '../api/become-distributor';

/** What a user who is not a distributor yet sees on the referral screens. */
export function BecomeDistributorPrompt({ commissionRate }: { commissionRate?: number }) {
  const become = useBecomeDistributor();
  const rate = commissionRate === undefined ? '' : `${Math.round(commissionRate * 100)}% `;
  return (
    <Result
      status="info"
      title="成为分销商，分享即可赚佣金"
      subTitle={`把你的专属链接分享给朋友，他们通过链接登录后的每笔付费订单，你都能获得 ${rate}佣金，结算后可申请提现。`}
      extra={
        <Button type="primary" size="large" loading={become.isPending} onClick={() => become.mutate()}>
          立即成为分销商
        </Button>
      }
    />
  );
}
