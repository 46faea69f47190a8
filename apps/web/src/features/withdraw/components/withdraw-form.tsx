import { App, Button, Form, Input, InputNumber } from 'antd';
import { formatYuan } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { yuanToCents } from '../lib/yuan';
import './withdraw.css';

interface WithdrawFormProps {
  availableCents: number;
  minCents: number;
  settlementDays: number;
  /** Called after every attempt, so the screen can refresh the balances it shows. */
  onSettled?: () => void;
}

interface Values {
  amount: number | null;
  realName: string;
}

/** The withdrawal form with its rules beside it; asks for confirmation before freezing the money. */
export function WithdrawForm({ availableCents, minCents, settlementDays, onSettled }: WithdrawFormProps) {
  const [form] = Form.useForm<Values>();
  const { modal } = App.useApp();
  const create = useCreateWithdrawal({
    onSuccess() {
      toast.success('提现申请已提交，金额已冻结，请等待审核');
      form.resetFields();
    },
    onSettled,
  });
  const tooLittle = availableCents < minCents;

  const submit = (values: Values) => {
    const amountCents = yuanToCents(values.amount ?? 0);
    const realName = values.realName.trim();
    modal.confirm({
      title: '确认提现',
      content: (
        <div className="wd-confirm">
          <dl>
            <dt>提现金额</dt>
            <dd>{formatYuan(amountCents)}</dd>
            <dt>收款人</dt>
            <dd>{realName}</dd>
          </dl>
          提交后该金额将立即冻结，审核通过后打款到你的微信零钱。
        </div>
      ),
      okText: '确认提现',
      cancelText: '再想想',
      onOk: () => create.mutateAsync({ amountCents, realName }).catch(() => undefined),
    });
  };

  return (
    <div className="wd-form">
      <Form<Values>
        form={form}
        layout="vertical"
        className="wd-form__fields"
        onFinish={submit}
        disabled={create.isPending}
        initialValues={{ amount: null, realName: '' }}
        requiredMark={false}
      >
        <Form.Item label={`提现金额（可提现 ${formatYuan(availableCents)}）`} required>
          <div className="wd-form__amount-row">
            <Form.Item
              name="amount"
              noStyle
              rules={[
                { required: true, message: '请填写提现金额' },
                {
                  validator: async (_, value: number | null) => {
                    if (value === null || value === undefined) return;
                    const cents = yuanToCents(value);
                    if (cents < minCents) throw new Error(`单笔提现金额不能低于 ${formatYuan(minCents)}`);
                    if (cents > availableCents) throw new Error(`最多可提现 ${formatYuan(availableCents)}`);
                  },
                },
              ]}
            >
              <InputNumber<number>
                prefix="¥"
                min={0}
                precision={2}
                step={10}
                style={{ flex: 1, width: '100%' }}
                placeholder={`至少 ${(minCents / 100).toFixed(2)} 元`}
                aria-label="提现金额（元）"
              />
            </Form.Item>
            <Button
              onClick={() => {
                form.setFieldValue('amount', availableCents / 100);
                void form.validateFields(['amount']);
              }}
              disabled={tooLittle}
            >
              全部提现
            </Button>
          </div>
        </Form.Item>
        <Form.Item
          name="realName"
          label="收款人真实姓名"
          rules={[
            { required: true, whitespace: true, message: '请填写收款人真实姓名' },
            { min: 2, message: '请填写收款人真实姓名（至少 2 个字）' },
            { max: 32, message: '姓名最多 32 个字' },
          ]}
        >
          <Input placeholder="与微信实名认证一致" maxLength={32} autoComplete="name" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={create.isPending} disabled={tooLittle}>
          {tooLittle ? `可提现满 ${formatYuan(minCents)} 即可申请` : '申请提现'}
        </Button>
      </Form>
      <aside className="wd-rules" aria-label="提现规则">
        <div className="wd-rules__title">提现规则</div>
        <ol>
          <li>单笔最低 {formatYuan(minCents)}，最多为当前可提现余额。</li>
          <li>
            {settlementDays > 0
              ? `佣金在订单支付 ${settlementDays} 天后结算为可提现，期间退款的订单不计佣金。`
              : '佣金在订单支付后的下一次结算时转为可提现。'}
          </li>
          <li>提交后金额立即冻结；审核通过后打款到你的微信零钱，并记录打款流水号。</li>
          <li>收款人姓名需与微信实名一致，否则会被驳回，驳回后金额退回可提现余额。</li>
        </ol>
      </aside>
    </div>
  );
}
