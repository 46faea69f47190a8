import {
  type AdminOrderDetail,
  REFUND_REASON_MAX,
  type RefundCreateInput,
  refundAmountCents,
  refundCreateInputSchema,
} from '@app/contract';
import { Alert, Button, Form, Input, InputNumber } from 'antd';
import type { Rule } from 'antd/es/form';
import { errorMessage } from '@/lib/api-client';
import { formatYuan } from '@/lib/format';

type Values = Omit<RefundCreateInput, 'idempotencyKey'>;

const quickReasons = ['买家误购', '重复购买', '买家申请退款', '服务异常补偿'];

/** A field checked by the contract's own schema, so the form says exactly what the server would. */
const contractRule = (field: 'credits' | 'reason'): Rule => ({
  validator: async (_, value) => {
    const result = refundCreateInputSchema.shape[field].safeParse(value ?? undefined);
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
});

/**
 * How many credits to take back (by default what is left of the order and the buyer still has),
 * the money that returns to the buyer for them, worked out as they type, and the reason.
 */
export function RefundForm({
  order,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  order: AdminOrderDetail;
  pending: boolean;
  error: unknown;
  onSubmit: (values: Values) => void;
  onCancel: () => void;
}) {
  const left = order.refundableCredits;
  const kept = Math.min(left, order.buyerBalance);
  const [form] = Form.useForm<Values>();
  const credits = Form.useWatch('credits', form);
  const amount = refundAmountCents(order, credits ?? 0);
  const spent = left - kept;

  // The order changed while the dialog was open (another admin's refund finished): nothing to do.
  if (order.status !== 'paid' || left <= 0) {
    return (
      <>
        <Alert
          type="info"
          showIcon
          className="ao-refund-alert"
          message={
            order.status === 'refunded' ? '这笔订单已经全部退款，无需再退。' : '这笔订单现在不能退款。'
          }
          description={Boolean(error) && `你刚才的提交没有生效：${errorMessage(error)}`}
        />
        <div className="ao-dialog-footer">
          <Button onClick={onCancel}>关闭</Button>
        </div>
      </>
    );
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ credits: kept > 0 ? kept : undefined, reason: '' }}
      onFinish={(values) => onSubmit({ credits: values.credits, reason: values.reason.trim() })}
    >
      <dl className="ao-refund-facts">
        <dt>订单号</dt>
        <dd className="ao-mono">{order.orderNo}</dd>
        <dt>商品</dt>
        <dd>
          {order.productName} · 实付 {formatYuan(order.amountCents)} · {order.credits} 点
        </dd>
        {order.refundedCredits > 0 && (
          <>
            <dt>已退</dt>
            <dd>
              {formatYuan(order.refundedCents)} · {order.refundedCredits} 点
            </dd>
          </>
        )}
        <dt>可退点数</dt>
        <dd>{left} 点</dd>
        <dt>买家余额</dt>
        <dd>{order.buyerBalance} 点</dd>
      </dl>
      {spent > 0 && (
        <Alert
          type="warning"
          showIcon
          className="ao-refund-alert"
          message={
            kept > 0
              ? `买家已用掉 ${spent} 点，当前只剩 ${order.buyerBalance} 点，默认只扣回 ${kept} 点。`
              : '买家的点数已经用完，无法再扣回点数。'
          }
        />
      )}
      <Form.Item
        name="credits"
        label="扣回点数"
        rules={[contractRule('credits'), { type: 'number', max: left, message: `最多可扣回 ${left} 点` }]}
        extra={`最多 ${left} 点`}
      >
        <InputNumber<number>
          min={1}
          max={left}
          precision={0}
          suffix="点"
          style={{ width: '100%' }}
          aria-label="扣回点数"
          autoFocus
        />
      </Form.Item>
      <div className="ao-refund-amount" data-testid="refund-amount">
        <span>原路退回买家</span>
        <strong>{formatYuan(amount)}</strong>
      </div>
      <Form.Item
        name="reason"
        label="退款原因"
        rules={[contractRule('reason')]}
        extra={
          <span>
            常用：
            {quickReasons.map((r) => (
              <Button
                key={r}
                type="link"
                size="small"
                className="ao-quick-reason"
                onClick={() => form.setFieldValue('reason', r)}
              >
                {r}
              </Button>
            ))}
          </span>
        }
      >
        <Input.TextArea rows={2} maxLength={REFUND_REASON_MAX} showCount aria-label="退款原因" />
      </Form.Item>
      {Boolean(error) && (
        <Alert type="error" showIcon className="ao-refund-alert" message={errorMessage(error)} />
      )}
      <div className="ao-dialog-footer">
        <Button onClick={onCancel}>取消</Button>
        <Button type="primary" danger htmlType="submit" loading={pending} disabled={amount === 0}>
          {amount > 0 ? `确认退款 ${formatYuan(amount)}` : '确认退款'}
        </Button>
      </div>
    </Form>
  );
}
