import type { Withdrawal } from '@app/contract';
import { Empty } from 'antd';
import { useState } from 'react';
import { ResponsiveList } from '@/components/responsive-list';
import { formatDateTime, formatYuan } from '@/lib/format';
import { useMyWithdrawals } from '../api/get-my-withdrawals';
import { WithdrawStatusTag } from './withdraw-status-tag';
import './withdraw.css';

const PAGE_SIZE = 10;

function Outcome({ w }: { w: Withdrawal }) {
  if (w.status === 'rejected') return <span className="wd-history__reason">驳回原因：{w.reason}</span>;
  if (w.status === 'approved') return <span className="wd-history__ref">打款流水号 {w.payoutRef}</span>;
  return <span className="wd-history__ref">等待管理员审核</span>;
}

/** My withdrawals with their status, the payout reference or the reason of a rejection. */
export function WithdrawHistory() {
  const [page, setPage] = useState(1);
  const query = useMyWithdrawals({ page, pageSize: PAGE_SIZE });

  return (
    <ResponsiveList<Withdrawal>
      query={query}
      rowKey={(w) => w.id}
      empty={<Empty description="还没有提现记录" style={{ padding: '32px 0' }} />}
      columns={[
        { title: '申请时间', dataIndex: 'createdAt', render: formatDateTime },
        { title: '金额', dataIndex: 'amountCents', align: 'right', render: formatYuan },
        { title: '收款人', dataIndex: 'realName' },
        {
          title: '状态',
          dataIndex: 'status',
          render: (_, w) => <WithdrawStatusTag status={w.status} />,
        },
        { title: '说明', key: 'outcome', render: (_, w) => <Outcome w={w} /> },
        {
          title: '处理时间',
          dataIndex: 'decidedAt',
          render: (d: string | null) => (d ? formatDateTime(d) : '—'),
        },
      ]}
      cardsClassName="wd-cards"
      renderCard={(w) => (
        <article className="wd-card" data-testid="withdrawal-card">
          <div className="wd-card__row">
            <span className="wd-card__amount">{formatYuan(w.amountCents)}</span>
            <WithdrawStatusTag status={w.status} />
          </div>
          <div className="wd-card__meta">
            {formatDateTime(w.createdAt)} · {w.realName}
          </div>
          <div className="wd-card__meta">
            <Outcome w={w} />
          </div>
        </article>
      )}
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={setPage}
      pagerClassName="wd-pager"
    />
  );
}
