import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { dashboardScreens } from '@/config/dashboard-screens';
import { paths } from '@/config/paths';
import { ordersKey } from '@/features/commerce/api/get-orders';
import { PaymentModal } from '@/features/commerce/components/payment-modal';
import { ProductGrid } from '@/features/commerce/components/product-grid';
import { useCheckout } from '@/features/commerce/hooks/use-checkout';
import { goodsWalletKey } from '@/features/wallet/api/get-goods-wallet';
import { CreditBalanceTag } from '@/features/wallet/components/credit-balance-tag';
import { queryKeys } from '@/lib/query-keys';

/** 购买点数: the packs on sale → order → QR modal that turns into 支付成功 by itself. */
export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checkout = useCheckout();
  // Every balance on screen (header tag, wallet, cost hints) and the order list change on payment.
  const refresh = useCallback(() => {
    for (const queryKey of [goodsWalletKey, queryKeys.limit, ordersKey])
      void queryClient.invalidateQueries({ queryKey });
  }, [queryClient]);

  return (
    <>
      <PageHeader
        title={dashboardScreens.commodity.title}
        subtitle="选择点数包，微信扫码支付，点数即时到账"
        extra={<CreditBalanceTag />}
      />
      <ProductGrid onBuy={checkout.buy} />
      <PaymentModal
        state={checkout.state}
        onClose={checkout.close}
        onPaid={refresh}
        onGoCreate={() => {
          checkout.close();
          navigate(paths.script);
        }}
      />
    </>
  );
}
