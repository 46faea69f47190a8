import { QuestionCircleOutlined } from '@ant-design/icons';
import type { DistributionWallet } from '@app/contract';
import { Alert, Tooltip } from 'antd';
import { formatYuan } from '@/lib/format';
import { StatTile } from './stat-tile';

function Label({ text, tip }: { text: string; tip: string }) {
  return (
    <>
      {text}
      <Tooltip title={tip}>
        <QuestionCircleOutlined aria-label={tip} />
      </Tooltip>
    </>
  );
}

/** The five buckets of the distribution wallet, available first and biggest. */
export function WalletBalances({ wallet }: { wallet: DistributionWallet }) {
  const days = wallet.rules.settlementDays;
  return (
    <>
      {wallet.debtCents > 0 && (
        <Alert
          type="warning"
          showIcon
          className="ref-debt"
          message={`待抵扣 ${formatYuan(wallet.debtCents)}`}
          description="有订单在佣金提现后退款，这部分佣金需要退回，将从之后结算的佣金中优先抵扣，抵扣完之前暂时不能提现。"
        />
      )}
      <section className="ref-stats ref-stats--five" aria-label="分销钱包余额">
        <StatTile
          main
          label="可提现"
          value={formatYuan(wallet.availableCents)}
          hint="已结算、可申请提现的佣金"
          testId="wallet-available"
        />
        <StatTile
          label={
            <Label
              text="待结算"
              tip={
                days > 0
                  ? `订单支付后 ${days} 天内为待结算，期间退款的订单不计佣金`
                  : '订单支付后、下一次结算前为待结算'
              }
            />
          }
          value={formatYuan(wallet.pendingCents)}
          testId="wallet-pending"
        />
        <StatTile
          label={<Label text="提现中" tip="已申请提现、等待审核的金额，审核期间冻结" />}
          value={formatYuan(wallet.frozenCents)}
          testId="wallet-frozen"
        />
        <StatTile label="已提现" value={formatYuan(wallet.withdrawnCents)} testId="wallet-withdrawn" />
        <StatTile label="累计收益" value={formatYuan(wallet.totalEarnedCents)} />
      </section>
    </>
  );
}
