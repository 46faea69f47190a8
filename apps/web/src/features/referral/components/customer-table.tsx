import type { Customer } from '@app/contract';
import { Avatar, Empty } from 'antd';
import type { ReactNode } from 'react';
import type { QueryLike } from '@/components/query-state';
import { type ListPage, ResponsiveList } from '@/components/responsive-list';
import { formatDateTime, formatYuan } from '@/lib/format';
import './referral.css';

const nameOf = (c: Customer) => c.nickname || '微信用户';

function CustomerName({ customer }: { customer: Customer }) {
  return (
    <span className="ref-customer">
      <Avatar size={32} src={customer.avatar || undefined}>
        {nameOf(customer).slice(0, 1)}
      </Avatar>
      <span className="ref-customer__name">{nameOf(customer)}</span>
    </span>
  );
}

interface CustomerTableProps {
  /** The distribution info of the current page (it also carries the summary shown above). */
  query: QueryLike<ListPage<Customer>>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  loading?: boolean;
  empty?: ReactNode;
}

/** My customers: a table on wide screens, cards on phones. */
export function CustomerTable({ query, page, pageSize, onPage, loading, empty }: CustomerTableProps) {
  return (
    <ResponsiveList<Customer>
      query={query}
      rowKey={(c) => c.userId}
      empty={empty ?? <Empty description="还没有客户" />}
      tableProps={{ loading }}
      columns={[
        { title: '客户', key: 'name', render: (_, c) => <CustomerName customer={c} /> },
        { title: '绑定时间', dataIndex: 'boundAt', render: formatDateTime },
        { title: '付费订单', dataIndex: 'orderCount', align: 'right' },
        { title: '消费金额', dataIndex: 'paidCents', align: 'right', render: formatYuan },
        { title: '我的佣金', dataIndex: 'commissionCents', align: 'right', render: formatYuan },
      ]}
      cardsClassName="ref-cards"
      renderCard={(c) => (
        <article className="ref-card" data-testid="customer-card">
          <div className="ref-card__row">
            <CustomerName customer={c} />
          </div>
          <div className="ref-card__meta">绑定于 {formatDateTime(c.boundAt)}</div>
          <div className="ref-card__money">
            <span>
              消费 <strong>{formatYuan(c.paidCents)}</strong>（{c.orderCount} 单）
            </span>
            <span>
              佣金 <strong>{formatYuan(c.commissionCents)}</strong>
            </span>
          </div>
        </article>
      )}
      page={page}
      pageSize={pageSize}
      onPageChange={onPage}
      pagerClassName="ref-pager"
    />
  );
}
