import { type Stats, type StatsFigures, type StatsPeriod, statsPeriodLabel } from '@app/contract';
import { Table, type TableColumnsType } from 'antd';
import { formatInt, formatMoney } from '../lib/money';

const figureColumns: { key: keyof StatsFigures; title: string; money?: boolean }[] = [
  { key: 'revenueCents', title: '营收', money: true },
  { key: 'paidOrders', title: '付费订单' },
  { key: 'refundsCents', title: '退款金额', money: true },
  { key: 'refunds', title: '退款笔数' },
  { key: 'newUsers', title: '新用户' },
  { key: 'activeCreators', title: '活跃创作者' },
  { key: 'generations', title: '生成次数' },
  { key: 'scripts', title: '生成脚本' },
  { key: 'creditsSold', title: '售出点数' },
  { key: 'creditsUsed', title: '消耗点数' },
  { key: 'commissionsPaidCents', title: '已支付佣金', money: true },
];

const show = (money: boolean | undefined, n: number) => (money ? formatMoney(n) : formatInt(n));

/** Every period's figures, with the range's totals under them (the CSV holds the same). */
export function StatsTable({ stats }: { stats: Stats }) {
  const columns: TableColumnsType<StatsPeriod> = [
    {
      title: { day: '日期', week: '周', month: '月份' }[stats.granularity],
      key: 'period',
      fixed: 'left',
      width: stats.granularity === 'week' ? 200 : 110,
      render: (_, p) => statsPeriodLabel(stats.granularity, p),
    },
    ...figureColumns.map(({ key, title, money }) => ({
      title,
      dataIndex: key,
      align: 'right' as const,
      render: (n: number) => show(money, n),
    })),
  ];
  return (
    <section className="st-table" aria-label="明细">
      <h2 className="st-chart__title">明细</h2>
      <Table<StatsPeriod>
        size="small"
        rowKey="period"
        columns={columns}
        // Newest first: the period an admin looks for is usually the latest.
        dataSource={[...stats.periods].reverse()}
        pagination={false}
        scroll={{ x: 1100, y: 420 }}
        summary={() => (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row className="st-table__total">
              <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
              {figureColumns.map(({ key, money }, i) => (
                <Table.Summary.Cell key={key} index={i + 1} align="right">
                  {show(money, stats.totals[key])}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </section>
  );
}
