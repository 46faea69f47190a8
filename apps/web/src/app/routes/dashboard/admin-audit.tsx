import { PageHeader } from '@/components/page-header';
import { dashboardScreens } from '@/config/dashboard-screens';
import { AdminOnly, useIsAdmin } from '@/features/admin/components/no-permission';
import { AuditLog } from '@/features/admin-audit/components/audit-log';

/** 操作日志 (admin): every admin action, who did it and what it changed. Non-admins see 无权限. */
export function Component() {
  const isAdmin = useIsAdmin();
  return (
    <>
      <PageHeader
        title={dashboardScreens.adminAudit.title}
        subtitle={isAdmin ? '管理员的每一次操作都会记录在此，只增不改，任何人都无法修改或删除' : undefined}
      />
      <AdminOnly what="操作日志">
        <AuditLog />
      </AdminOnly>
    </>
  );
}
