import type { Order } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { dashboardScreens } from '@/config/dashboard-screens';
import { paths } from '@/config/paths';
import { ordersKey } from '@/features/commerce/api/get-orders';
import { OrderDetailDrawer } from '@/features/commerce/components/order-detail-drawer';
import { OrderList } from '@/features/commerce/components/order-list';
import { PaymentModal } from '@/features/commerce/components/payment-modal';
import { useCheckout } from '@/features/commerce/hooks/use-checkout';
import { goodsWalletKey } from '@/features/wallet/api/get-goods-wallet';
import { queryKeys } from '@/lib/query-keys';

/** 订单列表: my orders by status; a pending one can be paid again from here. */
export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checkout = useCheckout();
  const [viewing, setViewing] = useState<Order | null>(null);
  const refresh = useCallback(() => {
    for (const queryKey of [goodsWalletKey, queryKeys.limit, ordersKey])
      void queryClient.invalidateQueries({ queryKey });
  }, [queryClient]);
  const pay = (order: Order) => {
    setViewing(null);
    checkout.payExisting(order);
  };
  const close = () => {
    checkout.close();
    // A QR that expired while open closed its order: show the list as it is now.
    void queryClient.invalidateQueries({ queryKey: ordersKey });
  };

  return (
    <>
      <PageHeader
        title={dashboardScreens.order.title}
        subtitle="未支付的订单 15 分钟后自动关闭"
        extra={
          <Button type="primary" onClick={() => navigate(paths.commodity)}>
            购买点数
          </Button>
        }
      />
      <OrderList onPay={pay} onView={setViewing} onShop={() => navigate(paths.commodity)} />
      <OrderDetailDrawer order={viewing} onClose={() => setViewing(null)} onPay={pay} />
      <PaymentModal
        state={checkout.state}
        onClose={close}
        onPaid={refresh}
        onGoCreate={() => {
          checkout.close();
          navigate(paths.script);
        }}
      />
    </>
  );
}
