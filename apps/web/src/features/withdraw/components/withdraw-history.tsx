import type { Withdrawal } from '@app/contract';
import { Empty, Grid, Table } from 'antd';
import { useState } from 'react';
import { ListPager } from '@/components/list-pager';
import { QueryState } from '@/components/query-state';
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
  const wide = Grid.useBreakpoint().md ?? true;

  return (
    <QueryState
      query={query}
      isEmpty={(d) => d.total === 0}
      empty={<Empty description="还没有提现记录" style={{ padding: '32px 0' }} />}
    >
      {(data) => (
        <>
          {wide ? (
            <Table<Withdrawal>
              rowKey="id"
              dataSource={data.items}
              pagination={false}
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
            />
          ) : (
            <div className="wd-cards">
              {data.items.map((w) => (
                <article key={w.id} className="wd-card" data-testid="withdrawal-card">
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
              ))}
            </div>
          )}
          <ListPager
            className="wd-pager"
            page={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            onChange={setPage}
          />
        </>
      )}
    </QueryState>
  );
}
