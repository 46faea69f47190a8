import { PageHeader } from '@/components/page-header';
import { dashboardScreens } from '@/config/dashboard-screens';
import { AdminOnly, useIsAdmin } from '@/features/admin/components/no-permission';
import { AdminOrders } from '@/features/admin-orders/components/admin-orders';

/** 订单管理 (admin): every order, its payment, commission and refunds; refunds are made here. */
export function Component() {
  const isAdmin = useIsAdmin();
  return (
    <>
      <PageHeader
        title={dashboardScreens.adminOrders.title}
        subtitle={isAdmin ? '按订单号、用户编号或昵称查找订单，核对支付与佣金后可发起退款' : undefined}
      />
      <AdminOnly what="订单管理">
        <AdminOrders />
      </AdminOnly>
    </>
  );
}
