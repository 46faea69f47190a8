import ExclamationCircleFilled from '@ant-design/icons/ExclamationCircleFilled';
import { Modal } from 'antd';
import { useState } from 'react';
import { useLogout } from '../hooks/use-logout';

/** SPEC §8: title 提示, content 确认退出登录？, buttons 确定 and 取消. */
export function LogoutConfirm({ open, onClose }: { open: boolean; onClose(): void }) {
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      width={380}
      centered
      title={
        <span className="logout-confirm__title">
          <ExclamationCircleFilled style={{ color: '#faad14', marginInlineEnd: 8 }} />
          提示
        </span>
      }
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onCancel={onClose}
      onOk={async () => {
        setBusy(true);
        await logout();
      }}
    >
      确认退出登录？
    </Modal>
  );
}
