import { PageHeader } from '@/components/page-header';
import { dashboardScreens } from '@/config/dashboard-screens';
import { InternalApplications } from '@/features/admin/components/internal-applications';
import { InternalApplyCard } from '@/features/admin/components/internal-apply-card';
import { AdminOnly } from '@/features/admin/components/no-permission';

/**
 * 人员审批 (admin): internal-member applications. A non-admin who opens it sees 无权限, and under
 * it the way to apply to become an internal member themselves (the user-side entry point).
 */
export function Component() {
  return (
    <>
      <PageHeader title={dashboardScreens.personnel.title} />
      <AdminOnly what="人员审批" fallback={<InternalApplyCard />}>
        <InternalApplications />
      </AdminOnly>
    </>
  );
}
