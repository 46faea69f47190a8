import {
  type AdminUserDetail,
  type LedgerEntry,
  ledgerLabel,
  type Order,
  orderStatusNames,
} from '@app/contract';
import { Alert, Button, Descriptions, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime, formatNumber, formatYuan } from '@/lib/format';
import { UserFlagTags } from './user-flag-tags';
import { UserIdentity } from './user-identity';

const statusColors: Record<Order['status'], string> = {
  pending: 'gold',
  paid: 'green',
  closed: 'default',
  refunded: 'purple',
};

const Mono = ({ children }: { children: string }) => (
  <Typography.Text className="au-mono" copyable={{ text: children }}>
    {children}
  </Typography.Text>
);

function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="au-section">
      <h3 className="au-section__title">
        {title}
        {extra && <span className="au-section__extra">{extra}</span>}
      </h3>
      {children}
    </section>
  );
}

/** "最近 20 笔，共 35 笔" when the list is cut, nothing when it is whole. */
const shownOf = (shown: number, total: number, unit: string) =>
  total > shown ? `最近 ${shown} ${unit}，共 ${formatNumber(total)} ${unit}` : undefined;

function OrderItem({ order }: { order: Order }) {
  return (
    <li className="au-item" data-testid="user-order">
      <div className="au-item__row">
        <span className="au-item__title">{order.productName}</span>
        <Tag color={statusColors[order.status]} style={{ marginInlineEnd: 0 }}>
          {orderStatusNames[order.status]}
        </Tag>
      </div>
      <div className="au-item__row au-item__meta">
        <Link
          to={`${paths.adminOrders}?${new URLSearchParams({ order: order.orderNo })}`}
          className="au-mono"
        >
          {order.orderNo}
        </Link>
        <span>
          {formatYuan(order.amountCents)} · {order.credits} 点
        </span>
      </div>
      <div className="au-item__meta">{formatDateTime(order.createdAt)}</div>
    </li>
  );
}

function LedgerItem({ entry }: { entry: LedgerEntry }) {
  return (
    <li className="au-item au-item--ledger" data-testid="user-ledger">
      <div className="au-item__row">
        <span className="au-item__title">{ledgerLabel(entry)}</span>
        <strong className={entry.delta >= 0 ? 'au-delta au-delta--in' : 'au-delta au-delta--out'}>
          {entry.delta > 0 ? `+${entry.delta}` : entry.delta}
        </strong>
      </div>
      <div className="au-item__row au-item__meta">
        <span>{formatDateTime(entry.createdAt)}</span>
        <span>余额 {formatNumber(entry.balanceAfter)}</span>
      </div>
    </li>
  );
}

/** Everything about one account an admin needs to answer a question about it. */
export function AdminUserDetailView({
  user,
  onOpenUser,
}: {
  user: AdminUserDetail;
  onOpenUser: (userId: string) => void;
}) {
  const figures: [string, number][] = [
    ['点数余额', user.creditsBalance],
    ['付费订单', user.paidOrdersCount],
    ['全部订单', user.ordersCount],
    ['推荐客户', user.customersCount],
    ['人设', user.personasCount],
    ['脚本', user.scriptsCount],
  ];
  return (
    <div className="au-detail" data-testid="admin-user-detail">
      <div className="au-detail__head">
        <UserIdentity user={user} size={48} />
        <UserFlagTags user={user} />
      </div>
      {user.disabledAt && (
        <Alert
          type="error"
          showIcon
          message={`该账号已于 ${formatDateTime(user.disabledAt)} 停用，无法登录`}
          description={
            user.disabledReason
              ? `原因：${user.disabledReason}${user.disabledByNickname ? `（${user.disabledByNickname} 操作）` : ''}`
              : undefined
          }
        />
      )}
      <dl className="au-figures">
        {figures.map(([label, value]) => (
          <div key={label} className="au-figure">
            <dt>{label}</dt>
            <dd>{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>

      <Section title="账号信息">
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="用户编号">
            <Mono>{user.id}</Mono>
          </Descriptions.Item>
          <Descriptions.Item label="openid">
            <Mono>{user.openid}</Mono>
          </Descriptions.Item>
          <Descriptions.Item label="注册时间">{formatDateTime(user.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="推荐人">
            {user.referrer ? (
              <Button
                type="link"
                size="small"
                className="au-link"
                onClick={() => onOpenUser(user.referrer!.id)}
              >
                {user.referrer.nickname || '微信用户'}
              </Button>
            ) : (
              '无（自然注册）'
            )}
          </Descriptions.Item>
        </Descriptions>
      </Section>

      <Section title="最近订单" extra={shownOf(user.orders.length, user.ordersCount, '笔')}>
        {user.orders.length > 0 ? (
          <ul className="au-items">
            {user.orders.map((order) => (
              <OrderItem key={order.id} order={order} />
            ))}
          </ul>
        ) : (
          <p className="au-muted">还没有下过订单</p>
        )}
      </Section>

      <Section title="点数明细" extra={shownOf(user.ledger.length, user.ledgerCount, '条')}>
        {user.ledger.length > 0 ? (
          <ul className="au-items">
            {user.ledger.map((entry) => (
              <LedgerItem key={entry.id} entry={entry} />
            ))}
          </ul>
        ) : (
          <p className="au-muted">还没有点数变动</p>
        )}
      </Section>
    </div>
  );
}
