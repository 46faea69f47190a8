import { useQueryClient } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { dashboardScreens } from '@/config/dashboard-screens';
import { useIsDistributor } from '@/features/referral/api/check-distribution';
import {
  distributionWalletQueryOptions,
  useDistributionWallet,
} from '@/features/referral/api/get-distribution-wallet';
import { BecomeDistributorPrompt } from '@/features/referral/components/become-distributor-prompt';
import { EarningsChart } from '@/features/referral/components/earnings-chart';
import { WalletBalances } from '@/features/referral/components/wallet-balances';
import { WithdrawForm } from '@/features/withdraw/components/withdraw-form';
import { WithdrawHistory } from '@/features/withdraw/components/withdraw-history';

function Wallet() {
  const queryClient = useQueryClient();
  const wallet = useDistributionWallet();
  return (
    <QueryState query={wallet}>
      {(w) => (
        <>
          <WalletBalances wallet={w} />
          <EarningsChart />
          <section className="ref-panel" aria-label="申请提现">
            <div className="ref-panel__head">
              <h2 className="ref-panel__title">申请提现</h2>
            </div>
            <WithdrawForm
              availableCents={w.availableCents}
              minCents={w.rules.withdrawMinCents}
              settlementDays={w.rules.settlementDays}
              onSettled={() =>
                queryClient.invalidateQueries({ queryKey: distributionWalletQueryOptions().queryKey })
              }
            />
          </section>
          <section className="ref-panel" aria-label="提现记录">
            <div className="ref-panel__head">
              <h2 className="ref-panel__title">提现记录</h2>
            </div>
            <WithdrawHistory />
          </section>
        </>
      )}
    </QueryState>
  );
}

/** 分销钱包: balances, the earnings chart, the withdrawal form with its rules, and the history. */
export function Component() {
  const check = useIsDistributor();
  return (
    <>
      <PageHeader title={dashboardScreens.wallet.title} subtitle="佣金结算、提现与收益走势" />
      <QueryState query={check} loading={<Skeleton active paragraph={{ rows: 6 }} />}>
        {(c) => (c.is_distribution ? <Wallet /> : <BecomeDistributorPrompt />)}
      </QueryState>
    </>
  );
}
