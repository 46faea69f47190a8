import type { CustomerSummary as Summary } from '@app/contract';
import { formatNumber, formatYuan } from '@/lib/format';
import { StatTile } from './stat-tile';

export function CustomerSummary({ summary }: { summary: Summary }) {
  return (
    <section className="ref-stats" aria-label="客户汇总">
      <StatTile label="客户总数" value={formatNumber(summary.customerCount)} testId="customer-count" />
      <StatTile label="已付费客户" value={formatNumber(summary.paidCustomerCount)} />
      <StatTile label="客户累计消费" value={formatYuan(summary.totalPaidCents)} />
      <StatTile label="我的累计佣金" value={formatYuan(summary.totalCommissionCents)} hint="含待结算" />
    </section>
  );
}
