import { LoadingOutlined } from '@ant-design/icons';
import type { OrderRefund } from '@app/contract';
import { Button, Result } from 'antd';
import { formatYuan } from '@/lib/format';

/** What became of the refund just asked for: 退款中 until the provider answers, then its outcome. */
export function RefundProgress({
  refund,
  buyerBalance,
  onClose,
}: {
  refund: OrderRefund;
  /** The buyer's credits as the order now reports them (read again once the refund is final). */
  buyerBalance: number;
  onClose: () => void;
}) {
  const money = formatYuan(refund.amountCents);
  const done = (
    <Button type="primary" onClick={onClose}>
      完成
    </Button>
  );
  switch (refund.status) {
    case 'processing':
      return (
        <Result
          icon={<LoadingOutlined />}
          title="退款中"
          subTitle={`已向支付渠道申请退回 ${money}，正在等待结果：退到零钱通常很快，退到银行卡可能要几个工作日。可以关闭此窗口，结果会显示在退款记录里。`}
          extra={<Button onClick={onClose}>关闭</Button>}
        />
      );
    case 'succeeded':
      return (
        <Result
          status="success"
          title="已退款"
          subTitle={`${money} 已退回买家，扣回 ${refund.credits} 点，买家当前余额 ${buyerBalance} 点。`}
          extra={done}
        />
      );
    case 'abnormal':
      return (
        <Result
          status="warning"
          title="退款异常"
          subTitle={`${refund.lastError ?? '支付渠道未能把钱退回买家'}。请在微信支付商户平台处理后再核对此订单，点数没有扣回。`}
          extra={done}
        />
      );
    case 'closed':
      return (
        <Result
          status="error"
          title="退款关闭"
          subTitle={`${refund.lastError ?? '支付渠道关闭了这笔退款'}。钱没有退回，点数也没有扣回，可以重新发起退款。`}
          extra={done}
        />
      );
  }
}
