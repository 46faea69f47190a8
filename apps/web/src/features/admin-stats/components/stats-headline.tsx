import type { Stats } from '@app/contract';
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { formatInt, formatMoney, formatRate } from '../lib/money';

function Figure({
  label,
  value,
  sub,
  testId,
}: {
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="st-figure" data-testid={testId}>
      <div className="st-figure__label">{label}</div>
      <div className="st-figure__value">{value}</div>
      {sub && <div className="st-figure__sub">{sub}</div>}
    </div>
  );
}

/** The range's headline numbers. Commission owed is as of now; everything else is the range's. */
export function StatsHeadline({ stats }: { stats: Stats }) {
  const t = stats.totals;
  const { conversion: c, commissionsOwed: owed } = stats;
  return (
    <div className="st-figures">
      <Figure
        label="营收"
        testId="figure-revenue"
        value={formatMoney(t.revenueCents)}
        sub={`扣除退款后 ${formatMoney(t.revenueCents - t.refundsCents)}`}
      />
      <Figure
        label="付费订单"
        value={`${formatInt(t.paidOrders)} 笔`}
        sub={`售出 ${formatInt(t.creditsSold)} 点`}
      />
      <Figure label="退款" value={formatMoney(t.refundsCents)} sub={`${formatInt(t.refunds)} 笔`} />
      <Figure label="新用户" value={`${formatInt(t.newUsers)} 人`} sub="期间注册的用户" />
      <Figure label="活跃创作者" value={`${formatInt(t.activeCreators)} 人`} sub="发起过脚本生成或账号分析" />
      <Figure
        label="生成次数"
        value={`${formatInt(t.generations)} 次`}
        sub={`产出 ${formatInt(t.scripts)} 篇脚本，消耗 ${formatInt(t.creditsUsed)} 点`}
      />
      <Figure
        label="注册→首购转化率"
        value={formatRate(c.rate)}
        sub={
          c.signups === 0
            ? '期间没有新注册用户'
            : `${formatInt(c.signups)} 位新用户中 ${formatInt(c.buyers)} 位已付费`
        }
      />
      <Figure
        label="待结算 / 已支付佣金"
        value={
          <span className="st-figure__pair">
            <Tooltip
              title={`未到期 ${formatMoney(owed.pendingCents)}，已到期未打款 ${formatMoney(owed.settledCents)}`}
            >
              <span data-testid="commission-owed">{formatMoney(owed.totalCents)}</span>
            </Tooltip>
            <span className="st-figure__slash">/</span>
            <span>{formatMoney(t.commissionsPaidCents)}</span>
          </span>
        }
        sub="待结算为当前余额，已支付为期间打款"
      />
    </div>
  );
}
