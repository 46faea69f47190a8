import { PageHeader } from '@/components/page-header';
import { dashboardScreens } from '@/config/dashboard-screens';
import { AdminOnly, useIsAdmin } from '@/features/admin/components/no-permission';
import { AdminUsers } from '@/features/admin-users/components/admin-users';

/** 用户管理 (admin): find any user, see their account, disable or enable it, grant or take admin. */
export function Component() {
  const isAdmin = useIsAdmin();
  return (
    <>
      <PageHeader
        title={dashboardScreens.adminUsers.title}
        subtitle={isAdmin ? '按用户编号、昵称或 openid 查找用户，可停用或恢复账号、设置管理员' : undefined}
      />
      <AdminOnly what="用户管理">
        <AdminUsers />
      </AdminOnly>
    </>
  );
}
