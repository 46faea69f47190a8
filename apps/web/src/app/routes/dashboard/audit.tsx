import { PageHeader } from '@/components/page-header';
import { dashboardScreens } from '@/config/dashboard-screens';
import { AdminOnly, useIsAdmin } from '@/features/admin/components/no-permission';
import { SettleNowButton } from '@/features/referral/components/settle-now-button';
import { ReviewQueue } from '@/features/withdraw/components/review-queue';

/** 提现审核 (admin): the withdrawal review queue. Non-admins see 无权限. */
export function Component() {
  const isAdmin = useIsAdmin();
  return (
    <>
      <PageHeader
        title={dashboardScreens.audit.title}
        subtitle={isAdmin ? '核对收款人后先在微信支付商户平台转账，再在此确认打款并填写流水号' : undefined}
        extra={isAdmin ? <SettleNowButton /> : undefined}
      />
      <AdminOnly what="提现审核">
        <ReviewQueue />
      </AdminOnly>
    </>
  );
}
