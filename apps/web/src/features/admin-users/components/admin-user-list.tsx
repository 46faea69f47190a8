import type { AdminUser, AdminUserListQuery } from '@app/contract';
import { Button, Empty } from 'antd';
import { ResponsiveList } from '@/components/responsive-list';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useAdminUsers } from '../api/get-admin-users';
import type { AdminUserFilters } from './admin-user-filters';
import { UserFlagTags } from './user-flag-tags';
import { UserIdentity } from './user-identity';

export const ADMIN_USERS_PAGE_SIZE = 10;

/** Only the filters that are set go into the query (and its cache key). */
function toListQuery(filters: AdminUserFilters, page: number): AdminUserListQuery {
  return {
    page,
    pageSize: ADMIN_USERS_PAGE_SIZE,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.flag ? { flag: filters.flag } : {}),
  };
}

/** Every user matching the filters, newest first: a table on wide screens, cards on phones. */
export function AdminUserList({
  filters,
  page,
  onPageChange,
  onOpen,
}: {
  filters: AdminUserFilters;
  page: number;
  onPageChange: (page: number) => void;
  onOpen: (userId: string) => void;
}) {
  const query = useAdminUsers(toListQuery(filters, page));
  const filtered = Boolean(filters.keyword || filters.flag);
  const open = (user: AdminUser) => (
    <Button
      size="small"
      onClick={(e) => {
        // The table row opens the user too: one open, not two.
        e.stopPropagation();
        onOpen(user.id);
      }}
    >
      详情
    </Button>
  );

  return (
    <ResponsiveList<AdminUser>
      query={query}
      rowKey={(user) => user.id}
      empty={
        <Empty
          description={filtered ? '没有符合条件的用户，换个条件试试' : '还没有任何用户'}
          style={{ padding: '48px 0' }}
        />
      }
      tableProps={{
        scroll: { x: 900 },
        onRow: (user) => ({ onClick: () => onOpen(user.id), className: 'au-row' }),
      }}
      columns={[
        { title: '用户', key: 'user', render: (_, user) => <UserIdentity user={user} /> },
        { title: '身份', key: 'flags', render: (_, user) => <UserFlagTags user={user} /> },
        {
          title: '点数余额',
          dataIndex: 'creditsBalance',
          align: 'right',
          render: (n: number) => formatNumber(n),
        },
        { title: '付费订单', dataIndex: 'paidOrdersCount', align: 'right' },
        { title: '注册时间', dataIndex: 'createdAt', render: formatDateTime },
        { title: '操作', key: 'actions', fixed: 'right', render: (_, user) => open(user) },
      ]}
      cardsClassName="au-cards"
      renderCard={(user) => (
        <article className="au-card" data-testid="admin-user-card">
          <div className="au-card__row">
            <UserIdentity user={user} />
            {open(user)}
          </div>
          <UserFlagTags user={user} />
          <div className="au-card__facts">
            <span>
              余额 <strong>{formatNumber(user.creditsBalance)}</strong> 点
            </span>
            <span>
              付费订单 <strong>{user.paidOrdersCount}</strong> 笔
            </span>
          </div>
          <div className="au-card__meta">注册于 {formatDateTime(user.createdAt)}</div>
        </article>
      )}
      page={page}
      pageSize={ADMIN_USERS_PAGE_SIZE}
      onPageChange={onPageChange}
      pagerClassName="au-pager"
    />
  );
}
