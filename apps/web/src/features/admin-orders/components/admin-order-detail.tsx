import { type AdminOrderDetail, type OrderRefund, paymentProviderNames } from '@app/contract';
import { Descriptions, Empty, Typography } from 'antd';
import type { ReactNode } from 'react';
import { OrderStatusTag } from '@/components/order-status-tag';
import { formatDateTime, formatYuan } from '@/lib/format';
import { Buyer } from './buyer';
import { CommissionStatusTag } from './commission-status-tag';
import { RefundStatusTag } from './refund-status-tag';

const Mono = ({ children, copy }: { children: string; copy?: boolean }) => (
  <Typography.Text className="ao-mono" copyable={copy ? { text: children } : false}>
    {children}
  </Typography.Text>
);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="ao-section">
      <h3 className="ao-section__title">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The buyer's balance, and whether it still covers what a refund would take back. While a refund
 * is in flight its credits are already held out of the balance, so the comparison would mislead.
 */
function Balance({ order, holding }: { order: AdminOrderDetail; holding: number }) {
  const short = order.refundableCredits - order.buyerBalance;
  return (
    <span data-testid="buyer-balance">
      {order.buyerBalance} 点
      {holding === 0 && short > 0 && <span className="ao-note">（比可退点数少 {short} 点，已被使用）</span>}
    </span>
  );
}

function RefundItem({ refund }: { refund: OrderRefund }) {
  return (
    <li className="ao-refund" data-testid="refund-item">
      <div className="ao-refund__row">
        <strong>{formatYuan(refund.amountCents)}</strong>
        <span>扣回 {refund.credits} 点</span>
        <RefundStatusTag status={refund.status} />
      </div>
      <div className="ao-refund__meta">
        {formatDateTime(refund.createdAt)} · {refund.requestedByNickname || '管理员'} 发起 · {refund.reason}
      </div>
      {refund.finishedAt && <div className="ao-refund__meta">完成于 {formatDateTime(refund.finishedAt)}</div>}
      {refund.lastError && <div className="ao-refund__error">{refund.lastError}</div>}
      <div className="ao-refund__meta">
        退款单号 <Mono>{refund.outRefundNo}</Mono>
      </div>
    </li>
  );
}

/** Everything about one order an admin needs before (and after) refunding it. */
export function AdminOrderDetailView({
  order,
  refunds,
}: {
  order: AdminOrderDetail;
  refunds: OrderRefund[];
}) {
  const { commission } = order;
  // Credits a refund still 退款中 has taken out of the buyer's wallet, not yet off the order.
  const holding = refunds.filter((r) => r.status === 'processing').reduce((sum, r) => sum + r.credits, 0);
  // A part refund shrinks the commission in proportion; a full one cancels or claws it back.
  const shrunk =
    commission &&
    order.refundedCents > 0 &&
    (commission.status === 'pending' || commission.status === 'available');
  return (
    <div className="ao-detail" data-testid="admin-order-detail">
      <Section title="订单">
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="订单号">
            <Mono copy>{order.orderNo}</Mono>
          </Descriptions.Item>
          <Descriptions.Item label="状态">
            <OrderStatusTag status={order.status} />
          </Descriptions.Item>
          <Descriptions.Item label="商品">{order.productName}</Descriptions.Item>
          <Descriptions.Item label="金额">{formatYuan(order.amountCents)}</Descriptions.Item>
          <Descriptions.Item label="下单时间">{formatDateTime(order.createdAt)}</Descriptions.Item>
          {order.status === 'pending' && (
            <Descriptions.Item label="支付截止">{formatDateTime(order.expiresAt)}</Descriptions.Item>
          )}
          {order.paidAt && (
            <Descriptions.Item label="支付时间">{formatDateTime(order.paidAt)}</Descriptions.Item>
          )}
          {order.closedAt && (
            <Descriptions.Item label="关闭时间">{formatDateTime(order.closedAt)}</Descriptions.Item>
          )}
          {order.refundedAt && (
            <Descriptions.Item label="全额退款时间">{formatDateTime(order.refundedAt)}</Descriptions.Item>
          )}
        </Descriptions>
      </Section>

      <Section title="支付">
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="支付渠道">
            {order.provider ? paymentProviderNames[order.provider] : '尚未发起支付'}
          </Descriptions.Item>
          <Descriptions.Item label="支付流水号">
            {order.transactionId ? <Mono copy>{order.transactionId}</Mono> : '—'}
          </Descriptions.Item>
        </Descriptions>
      </Section>

      <Section title="买家与点数">
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="买家">
            <Buyer nickname={order.nickname} avatar={order.avatar} size={24} />
          </Descriptions.Item>
          <Descriptions.Item label="用户编号">
            <Mono copy>{order.userId}</Mono>
          </Descriptions.Item>
          <Descriptions.Item label="到账点数">{order.credits} 点</Descriptions.Item>
          <Descriptions.Item label="已退">
            {formatYuan(order.refundedCents)} · {order.refundedCredits} 点
          </Descriptions.Item>
          <Descriptions.Item label="可退点数">
            <span data-testid="refundable-credits">{order.refundableCredits} 点</span>
            {holding > 0 && <span className="ao-note">（其中 {holding} 点正在退款）</span>}
          </Descriptions.Item>
          <Descriptions.Item label="买家当前余额">
            <Balance order={order} holding={holding} />
          </Descriptions.Item>
        </Descriptions>
      </Section>

      <Section title="退款记录">
        {refunds.length > 0 ? (
          <ul className="ao-refunds">
            {refunds.map((r) => (
              <RefundItem key={r.id} refund={r} />
            ))}
          </ul>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有退款记录" />
        )}
      </Section>

      <Section title="分销佣金">
        {commission ? (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="分销员">
              {commission.distributorNickname || '微信用户'}
            </Descriptions.Item>
            <Descriptions.Item label="佣金">
              {formatYuan(commission.amountCents)}
              {shrunk && <span className="ao-note">（已随部分退款按比例减少）</span>}
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <CommissionStatusTag status={commission.status} />
            </Descriptions.Item>
            {commission.settledAt && (
              <Descriptions.Item label="结算时间">{formatDateTime(commission.settledAt)}</Descriptions.Item>
            )}
            {commission.cancelledAt && (
              <Descriptions.Item label={commission.status === 'clawed_back' ? '追回时间' : '取消时间'}>
                {formatDateTime(commission.cancelledAt)}
              </Descriptions.Item>
            )}
          </Descriptions>
        ) : (
          <p className="ao-muted">没有佣金：买家没有绑定分销员，或订单尚未支付。</p>
        )}
      </Section>
    </div>
  );
}
