import { PageHeader } from '@/components/page-header';
import { dashboardScreens } from '@/config/dashboard-screens';
import { AdminOnly, useIsAdmin } from '@/features/admin/components/no-permission';
import { StatsDashboard } from '@/features/admin-stats/components/stats-dashboard';

/** 经营数据 (admin): revenue, refunds, users and creation over a range of days. Non-admins see 无权限. */
export function Component() {
  const isAdmin = useIsAdmin();
  return (
    <>
      <PageHeader
        title={dashboardScreens.adminStats.title}
        subtitle={isAdmin ? '按中国时间统计；营收按支付时间、退款按退款完成时间计入' : undefined}
      />
      <AdminOnly what="经营数据">
        <StatsDashboard />
      </AdminOnly>
    </>
  );
}
