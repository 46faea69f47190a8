import { type AdminWithdrawal, PAYOUT_REF_MAX, REASON_MAX } from '@app/contract';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { formatDateTime, formatYuan } from '@/lib/format';
import { useCheckWithdrawal } from '../api/check-withdrawal';
import './withdraw.css';

export type Decision = 'approve' | 'reject';

interface Props {
  withdrawal: AdminWithdrawal | null;
  decision: Decision;
  onClose: () => void;
}

const quickReasons = ['收款姓名与实名不一致', '账户存在异常，请联系客服', '订单存在退款争议'];

/**
 * The confirmation step of a review: the request is shown again, and approving needs the payout
 * reference of the transfer already made, rejecting needs the reason the user will read.
 */
export function DecideWithdrawalModal({ withdrawal, decision, onClose }: Props) {
  const [form] = Form.useForm<{ payoutRef?: string; reason?: string }>();
  const check = useCheckWithdrawal();
  const approve = decision === 'approve';

  useEffect(() => {
    if (withdrawal) form.resetFields();
  }, [withdrawal, form]);

  const submit = async () => {
    if (!withdrawal) return;
    const values = await form.validateFields();
    try {
      await check.mutateAsync(
        approve
          ? { id: withdrawal.id, approve: true, payoutRef: values.payoutRef?.trim() }
          : { id: withdrawal.id, approve: false, reason: values.reason?.trim() },
      );
      onClose();
    } catch {
      // The error is already toasted (e.g. 409: decided by someone else); the queue refreshes.
      onClose();
    }
  };

  return (
    <Modal
      open={withdrawal !== null}
      title={approve ? '确认打款' : '驳回提现'}
      okText={approve ? '确认已打款' : '确认驳回'}
      okButtonProps={{ danger: !approve, loading: check.isPending }}
      cancelText="取消"
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      {withdrawal && (
        <div className="wd-confirm">
          <dl>
            <dt>申请人</dt>
            <dd>{withdrawal.nickname || '微信用户'}</dd>
            <dt>收款人</dt>
            <dd>{withdrawal.realName}</dd>
            <dt>金额</dt>
            <dd>{formatYuan(withdrawal.amountCents)}</dd>
            <dt>申请时间</dt>
            <dd>{formatDateTime(withdrawal.createdAt)}</dd>
          </dl>
          <Form form={form} layout="vertical" requiredMark={false}>
            {approve ? (
              <>
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 12 }}
                  message={`请先在微信支付商户平台向「${withdrawal.realName}」转账 ${formatYuan(withdrawal.amountCents)}，再填写转账单号。`}
                />
                <Form.Item
                  name="payoutRef"
                  label="打款流水号"
                  rules={[
                    { required: true, whitespace: true, message: '请填写打款流水号' },
                    { max: PAYOUT_REF_MAX, message: `打款流水号最多 ${PAYOUT_REF_MAX} 个字符` },
                  ]}
                >
                  <Input
                    placeholder="例如 1000018801202611210123456789"
                    maxLength={PAYOUT_REF_MAX}
                    autoFocus
                  />
                </Form.Item>
              </>
            ) : (
              <Form.Item
                name="reason"
                label="驳回原因（用户可见）"
                rules={[
                  { required: true, whitespace: true, message: '请填写驳回原因，用户会看到它' },
                  { max: REASON_MAX, message: `驳回原因最多 ${REASON_MAX} 个字` },
                ]}
                extra={
                  <span>
                    常用：
                    {quickReasons.map((r) => (
                      <Button
                        key={r}
                        type="link"
                        size="small"
                        style={{ padding: '0 4px', height: 'auto' }}
                        onClick={() => form.setFieldValue('reason', r)}
                      >
                        {r}
                      </Button>
                    ))}
                  </span>
                }
              >
                <Input.TextArea rows={3} maxLength={REASON_MAX} showCount autoFocus />
              </Form.Item>
            )}
          </Form>
        </div>
      )}
    </Modal>
  );
}
