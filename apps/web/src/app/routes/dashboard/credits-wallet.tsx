import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { dashboardScreens } from '@/config/dashboard-screens';
import { paths } from '@/config/paths';
import { BalanceCard } from '@/features/wallet/components/balance-card';
import { LedgerList } from '@/features/wallet/components/ledger-list';

/** 我的钱包: the credit balance and every change of it (purchases, generations, refunds, bonuses). */
export function Component() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={dashboardScreens.myWallet.title} />
      <BalanceCard onBuy={() => navigate(paths.commodity)} />
      <h2 style={{ fontSize: 17, fontWeight: 600, margin: '0 0 12px' }}>点数明细</h2>
      <LedgerList />
    </>
  );
}
