import type { AdminUserDetail } from '@app/contract';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useAuthStore } from '@/stores/auth-store';
import { useDisableAdminUser } from '../api/disable-admin-user';
import { useEnableAdminUser } from '../api/enable-admin-user';
import { useSetAdminRole } from '../api/set-admin-role';
import { type UserAction, UserActionDialog } from './user-action-dialog';

/**
 * 停用 / 恢复 and 设为管理员 / 取消管理员, each after a confirmation. An admin's own account
 * offers neither: the server refuses both, so the buttons say why instead.
 */
export function AdminUserActions({ user }: { user: AdminUserDetail }) {
  const self = useAuthStore((s) => s.userInfo.userId) === user.id;
  const [action, setAction] = useState<UserAction | null>(null);
  const disable = useDisableAdminUser(user.id);
  const enable = useEnableAdminUser(user.id);
  const role = useSetAdminRole(user.id);
  const running = action === 'disable' ? disable : action === 'enable' ? enable : role;

  const close = () => {
    setAction(null);
    for (const m of [disable, enable, role]) m.reset();
  };
  const confirm = (reason: string | undefined) => {
    const options = { onSuccess: close };
    if (action === 'disable') disable.mutate({ reason: reason ?? '' }, options);
    else if (action === 'enable') enable.mutate(reason ? { reason } : {}, options);
    else if (action) role.mutate({ admin: action === 'grantAdmin' }, options);
  };

  const isAdmin = user.role === 'admin';
  const disabled = user.disabledAt !== null;
  return (
    <div className="au-actions">
      <Tooltip title={self ? '不能停用自己的账号' : undefined}>
        <Button
          danger={!disabled}
          disabled={self}
          onClick={() => setAction(disabled ? 'enable' : 'disable')}
          data-testid="toggle-disabled"
        >
          {disabled ? '恢复账号' : '停用账号'}
        </Button>
      </Tooltip>
      <Tooltip
        title={
          self && isAdmin
            ? '不能取消自己的管理员权限'
            : disabled && !isAdmin
              ? '账号已停用，请先恢复'
              : undefined
        }
      >
        <Button
          disabled={self || (disabled && !isAdmin)}
          onClick={() => setAction(isAdmin ? 'revokeAdmin' : 'grantAdmin')}
          data-testid="toggle-admin"
        >
          {isAdmin ? '取消管理员' : '设为管理员'}
        </Button>
      </Tooltip>
      <UserActionDialog
        user={user}
        action={action}
        pending={running.isPending}
        error={running.error}
        onConfirm={confirm}
        onClose={close}
      />
    </div>
  );
}
