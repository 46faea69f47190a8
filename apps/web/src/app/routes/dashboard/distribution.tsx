import { Skeleton } from 'antd';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { dashboardScreens } from '@/config/dashboard-screens';
import { useIsDistributor } from '@/features/referral/api/check-distribution';
import { useDistributionInfo } from '@/features/referral/api/get-distribution-info';
import { BecomeDistributorPrompt } from '@/features/referral/components/become-distributor-prompt';
import { CustomerSummary } from '@/features/referral/components/customer-summary';
import { CustomerTable } from '@/features/referral/components/customer-table';
import { ShareLinkCard } from '@/features/referral/components/share-link-card';

const PAGE_SIZE = 10;

function Customers() {
  const [page, setPage] = useState(1);
  const info = useDistributionInfo({ page, pageSize: PAGE_SIZE });
  return (
    <QueryState query={info}>
      {(data) => (
        <>
          <CustomerSummary summary={data.summary} />
          <section className="ref-panel" aria-label="客户列表">
            <div className="ref-panel__head">
              <h2 className="ref-panel__title">客户列表</h2>
            </div>
            <CustomerTable
              query={info}
              page={page}
              pageSize={PAGE_SIZE}
              onPage={setPage}
              loading={info.isFetching && info.isPlaceholderData}
              empty={
                <div className="ref-share__hint">
                  还没有客户。把上面的链接或二维码分享给朋友，他们登录后就会出现在这里。
                </div>
              }
            />
          </section>
        </>
      )}
    </QueryState>
  );
}

/** 我的客户: the share link (copy, QR), a summary and every customer bound through it. */
export function Component() {
  const check = useIsDistributor();
  return (
    <>
      <PageHeader
        title={dashboardScreens.distribution.title}
        subtitle="通过你的分享链接登录的用户，以及他们为你带来的佣金"
      />
      <QueryState query={check} loading={<Skeleton active paragraph={{ rows: 6 }} />}>
        {(c) =>
          c.is_distribution ? (
            <>
              <ShareLinkCard />
              <Customers />
            </>
          ) : (
            <BecomeDistributorPrompt />
          )
        }
      </QueryState>
    </>
  );
}
