import { CheckCircleFilled, ClockCircleOutlined, WechatOutlined } from '@ant-design/icons';
import type { Order, OrderPay } from '@app/contract';
import { Button, Modal, Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { formatYuan } from '@/lib/format';
import type { CheckoutState } from '../hooks/use-checkout';
import { useCountdown } from '../hooks/use-countdown';
import { useOrderStatus } from '../hooks/use-order-status';
import { formatCountdown } from '../lib/pricing';
import './payment-modal.css';

interface PaymentModalProps {
  state: CheckoutState;
  onClose: () => void;
  /** Once, when the order turns paid (refresh balances, lists). */
  onPaid: (order: Order) => void;
  onGoCreate: () => void;
}

/** The QR, the amount and the time left; turns into 支付成功 by itself when the payment lands. */
export function PaymentModal({ state, onClose, onPaid, onGoCreate }: PaymentModalProps) {
  return (
    <Modal
      open={state.phase !== 'idle'}
      onCancel={onClose}
      footer={null}
      width={420}
      centered
      destroyOnHidden
      maskClosable={false}
      title={state.phase === 'idle' ? null : '微信扫码支付'}
      className="payment-modal"
    >
      {state.phase === 'preparing' && (
        <div className="payment-modal__loading">
          <Spin size="large" />
          <p>正在为「{state.title}」生成支付二维码…</p>
        </div>
      )}
      {state.phase === 'failed' && (
        <Result
          status="warning"
          title="暂时无法发起支付"
          subTitle={state.message}
          extra={[
            <Button key="retry" type="primary" onClick={state.retry}>
              重试
            </Button>,
            <Button key="close" onClick={onClose}>
              关闭
            </Button>,
          ]}
        />
      )}
      {state.phase === 'ready' && (
        <PaymentBody
          order={state.order}
          payment={state.payment}
          onClose={onClose}
          onPaid={onPaid}
          onGoCreate={onGoCreate}
        />
      )}
    </Modal>
  );
}

function PaymentBody({
  order,
  payment,
  onClose,
  onPaid,
  onGoCreate,
}: {
  order: Order;
  payment: OrderPay;
} & Pick<PaymentModalProps, 'onClose' | 'onPaid' | 'onGoCreate'>) {
  const live = useOrderStatus(order.id, order) ?? order;
  const left = useCountdown(payment.expiresAt);
  const told = useRef(false);
  useEffect(() => {
    if (live.status === 'paid' && !told.current) {
      told.current = true;
      onPaid(live);
    }
  }, [live, onPaid]);

  if (live.status === 'paid') {
    return (
      <Result
        status="success"
        icon={<CheckCircleFilled />}
        title="支付成功"
        subTitle={`${live.credits} 点创作点数已到账，现在就可以去写脚本了`}
        extra={[
          <Button key="create" type="primary" onClick={onGoCreate}>
            去创作
          </Button>,
          <Button key="done" onClick={onClose}>
            完成
          </Button>,
        ]}
      />
    );
  }

  const expired = live.status !== 'pending' || left === 0;
  // The dev provider's QR opens a cashier on this server: offer it as a link too, so it can be
  // paid from the same computer. A real WeChat code (weixin://…) is only for scanning.
  const devCashier = /^https?:\/\//.test(payment.codeUrl) ? payment.codeUrl : undefined;

  return (
    <div className="payment-modal__body">
      <div className="payment-modal__product">{order.productName}</div>
      <div className="payment-modal__amount" data-testid="payment-amount">
        {formatYuan(order.amountCents)}
      </div>
      <div className="payment-modal__credits">到账 {order.credits} 点创作点数</div>
      <div className={expired ? 'payment-modal__qr is-expired' : 'payment-modal__qr'}>
        <img src={payment.pic} alt="微信支付二维码" width={220} height={220} />
        {expired && (
          <div className="payment-modal__qr-mask">
            <ClockCircleOutlined />
            <span>二维码已过期</span>
          </div>
        )}
      </div>
      {expired ? (
        <>
          <p className="payment-modal__hint is-error">订单已超时关闭，请关闭后重新下单</p>
          <Button block onClick={onClose}>
            关闭
          </Button>
        </>
      ) : (
        <>
          <p className="payment-modal__hint">
            <WechatOutlined className="payment-modal__wechat" /> 请使用微信扫一扫完成支付
          </p>
          <p className="payment-modal__countdown" aria-live="off">
            剩余支付时间 <strong>{formatCountdown(left)}</strong>
          </p>
          <p className="payment-modal__waiting">
            <Spin size="small" /> 支付完成后页面会自动更新
          </p>
          {devCashier && (
            <p className="payment-modal__dev">
              开发环境：
              <a href={devCashier} target="_blank" rel="noreferrer">
                打开模拟收银台
              </a>
            </p>
          )}
        </>
      )}
      <div className="payment-modal__order-no">订单号 {order.orderNo}</div>
    </div>
  );
}
