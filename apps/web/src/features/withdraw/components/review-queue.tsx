import { type AdminWithdrawal, type WithdrawStatus, withdrawStatusNames } from '@app/contract';
import { Avatar, Button, Empty, Segmented } from 'antd';
import { useState } from 'react';
import { ResponsiveList } from '@/components/responsive-list';
import { formatDateTime, formatYuan } from '@/lib/format';
import { useAllWithdrawals } from '../api/get-all-withdrawals';
import { DecideWithdrawalModal, type Decision } from './decide-withdrawal-modal';
import { WithdrawStatusTag } from './withdraw-status-tag';
import './withdraw.css';

const PAGE_SIZE = 10;
type Filter = WithdrawStatus | 'all';
const filters: { label: string; value: Filter }[] = [
  ...(['pending', 'approved', 'rejected'] as const).map((s) => ({
    label: s === 'pending' ? '待审核' : withdrawStatusNames[s],
    value: s,
  })),
  { label: '全部', value: 'all' },
];

function Applicant({ w }: { w: AdminWithdrawal }) {
  const name = w.nickname || '微信用户';
  return (
    <span className="wd-user">
      <Avatar size={28} src={w.avatar || undefined}>
        {name.slice(0, 1)}
      </Avatar>
      <span>{name}</span>
    </span>
  );
}

function Outcome({ w }: { w: AdminWithdrawal }) {
  if (w.status === 'rejected') return <span className="wd-history__reason">{w.reason}</span>;
  if (w.status === 'approved') return <span className="wd-history__ref">{w.payoutRef}</span>;
  return <span className="wd-history__ref">—</span>;
}

/** The admin's withdrawal review queue: filter, approve with the payout reference, reject with a reason. */
export function ReviewQueue() {
  const [filter, setFilter] = useState<Filter>('pending');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ w: AdminWithdrawal; decision: Decision } | null>(null);
  const query = useAllWithdrawals({
    page,
    pageSize: PAGE_SIZE,
    ...(filter === 'all' ? {} : { status: filter }),
  });

  const actions = (w: AdminWithdrawal) =>
    w.status === 'pending' ? (
      <div className="wd-card__actions">
        <Button type="primary" size="small" onClick={() => setDeciding({ w, decision: 'approve' })}>
          通过
        </Button>
        <Button danger size="small" onClick={() => setDeciding({ w, decision: 'reject' })}>
          驳回
        </Button>
      </div>
    ) : null;

  return (
    <>
      <div className="wd-filter">
        <Segmented
          options={filters}
          value={filter}
          onChange={(v) => {
            setFilter(v as Filter);
            setPage(1);
          }}
        />
      </div>
      <ResponsiveList<AdminWithdrawal>
        query={query}
        rowKey={(w) => w.id}
        empty={
          <Empty
            description={filter === 'pending' ? '没有待审核的提现申请' : '没有符合条件的提现记录'}
            style={{ padding: '48px 0' }}
          />
        }
        tableProps={{ scroll: { x: 900 } }}
        columns={[
          { title: '申请人', key: 'user', render: (_, w) => <Applicant w={w} /> },
          { title: '收款人', dataIndex: 'realName' },
          { title: '金额', dataIndex: 'amountCents', align: 'right', render: formatYuan },
          { title: '申请时间', dataIndex: 'createdAt', render: formatDateTime },
          {
            title: '状态',
            dataIndex: 'status',
            render: (_, w) => <WithdrawStatusTag status={w.status} />,
          },
          { title: '流水号 / 驳回原因', key: 'outcome', render: (_, w) => <Outcome w={w} /> },
          { title: '操作', key: 'actions', fixed: 'right', render: (_, w) => actions(w) },
        ]}
        cardsClassName="wd-cards"
        renderCard={(w) => (
          <article className="wd-card" data-testid="review-card">
            <div className="wd-card__row">
              <Applicant w={w} />
              <WithdrawStatusTag status={w.status} />
            </div>
            <div className="wd-card__row" style={{ marginTop: 8 }}>
              <span className="wd-card__amount">{formatYuan(w.amountCents)}</span>
              <span>收款人 {w.realName}</span>
            </div>
            <div className="wd-card__meta">申请于 {formatDateTime(w.createdAt)}</div>
            {w.status !== 'pending' && (
              <div className="wd-card__meta">
                <Outcome w={w} />
              </div>
            )}
            {actions(w)}
          </article>
        )}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        pagerClassName="wd-pager"
      />
      <DecideWithdrawalModal
        withdrawal={deciding?.w ?? null}
        decision={deciding?.decision ?? 'approve'}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}
