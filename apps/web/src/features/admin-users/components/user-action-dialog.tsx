import { ADMIN_USER_REASON_MAX, type AdminUserDetail } from '@app/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { errorMessage } from '@/lib/api-client';

export type UserAction = 'disable' | 'enable' | 'grantAdmin' | 'revokeAdmin';

const copy: Record<
  UserAction,
  {
    title: string;
    ok: string;
    danger: boolean;
    warning: (name: string) => string;
    reason?: 'required' | 'optional';
  }
> = {
  disable: {
    title: '停用账号',
    ok: '确认停用',
    danger: true,
    warning: (name) => `停用后「${name}」将无法登录，当前所有登录会立即失效。账号数据会保留，可随时恢复。`,
    reason: 'required',
  },
  enable: {
    title: '恢复账号',
    ok: '确认恢复',
    danger: false,
    warning: (name) => `恢复后「${name}」可以重新扫码登录，停用前的登录不会恢复。`,
    reason: 'optional',
  },
  grantAdmin: {
    title: '设为管理员',
    ok: '确认设为管理员',
    danger: false,
    warning: (name) =>
      `「${name}」将可以审核提现、处理退款、管理所有用户（包括停用账号和设置管理员）。刷新页面后即可看到管理菜单。`,
  },
  revokeAdmin: {
    title: '取消管理员',
    ok: '确认取消',
    danger: true,
    warning: (name) => `「${name}」将立即失去管理员权限，无法再进入管理页面。`,
  },
};

/**
 * The confirmation of one action on an account: what it will do, the reason where one is asked
 * (it goes to the audit log), and the server's refusal, if any, shown here rather than toasted.
 */
export function UserActionDialog({
  user,
  action,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  user: AdminUserDetail;
  action: UserAction | null;
  pending: boolean;
  error: unknown;
  onConfirm: (reason: string | undefined) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason?: string }>();
  const text = action ? copy[action] : null;
  const name = user.nickname || '微信用户';

  const submit = async () => {
    if (!text?.reason) return onConfirm(undefined);
    const { reason } = await form.validateFields();
    onConfirm(reason?.trim() || undefined);
  };

  return (
    <Modal
      open={action !== null}
      title={text?.title}
      okText={text?.ok}
      cancelText="取消"
      okButtonProps={{ danger: text?.danger, loading: pending }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      width={440}
    >
      {text && (
        <div className="au-dialog">
          <Alert type={text.danger ? 'warning' : 'info'} showIcon message={text.warning(name)} />
          {text.reason && (
            <Form form={form} layout="vertical" requiredMark={false}>
              <Form.Item
                name="reason"
                label={
                  text.reason === 'required' ? '停用原因（记入操作日志）' : '恢复说明（选填，记入操作日志）'
                }
                rules={[
                  ...(text.reason === 'required'
                    ? [{ required: true, whitespace: true, message: '请填写停用原因' }]
                    : []),
                  { max: ADMIN_USER_REASON_MAX, message: `最多 ${ADMIN_USER_REASON_MAX} 个字` },
                ]}
              >
                <Input.TextArea
                  rows={3}
                  maxLength={ADMIN_USER_REASON_MAX}
                  showCount
                  autoFocus
                  placeholder={text.reason === 'required' ? '例如：多次发布违规广告' : '例如：用户申诉已核实'}
                />
              </Form.Item>
            </Form>
          )}
          {Boolean(error) && <Alert type="error" showIcon message={errorMessage(error)} />}
        </div>
      )}
    </Modal>
  );
}
