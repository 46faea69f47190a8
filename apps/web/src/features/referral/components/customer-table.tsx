import type { Customer } from '@app/contract';
import { Avatar, Empty, Grid, Pagination, Table } from 'antd';
import type { ReactNode } from 'react';
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
  items: Customer[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  loading?: boolean;
  empty?: ReactNode;
}

/** My customers: a table on wide screens, cards on phones. */
export function CustomerTable({ items, total, page, pageSize, onPage, loading, empty }: CustomerTableProps) {
  const wide = Grid.useBreakpoint().md ?? true;
  if (total === 0) return <>{empty ?? <Empty description="还没有客户" />}</>;
  return (
    <>
      {wide ? (
        <Table<Customer>
          rowKey="userId"
          dataSource={items}
          loading={loading}
          pagination={false}
          columns={[
            { title: '客户', key: 'name', render: (_, c) => <CustomerName customer={c} /> },
            { title: '绑定时间', dataIndex: 'boundAt', render: formatDateTime },
            { title: '付费订单', dataIndex: 'orderCount', align: 'right' },
            { title: '消费金额', dataIndex: 'paidCents', align: 'right', render: formatYuan },
            { title: '我的佣金', dataIndex: 'commissionCents', align: 'right', render: formatYuan },
          ]}
        />
      ) : (
        <div className="ref-cards">
          {items.map((c) => (
            <article key={c.userId} className="ref-card" data-testid="customer-card">
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
          ))}
        </div>
      )}
      {total > pageSize && (
        <Pagination
          className="ref-pager"
          current={page}
          pageSize={pageSize}
          total={total}
          onChange={onPage}
          showSizeChanger={false}
          size="small"
        />
      )}
    </>
  );
}
