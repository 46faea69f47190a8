import { type Stats, type StatsPeriod, statsPeriodLabel } from '@app/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { formatInt, formatMoney } from './money';

const COLORS = {
  primary: '#613ceb',
  info: '#2080f0',
  success: '#52c41a',
  warning: '#faad14',
  error: '#f5222d',
};

function base(stats: Stats, colors: string[]): EChartsCoreOption {
  // The axis holds each period's full name ("2026-11-02 至 2026-11-08"), which the tooltip shows;
  // its labels are the short form: 11-05 by day, a week's first day, 2026-11 by month.
  const short = (label: string) => (stats.granularity === 'month' ? label : label.slice(5, 10));
  return {
    color: colors,
    animation: false,
    legend: { top: 0, left: 0, itemWidth: 14, itemHeight: 8, textStyle: { fontSize: 12 } },
    grid: { left: 8, right: 8, top: 36, bottom: 4, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: {
      type: 'category',
      data: stats.periods.map((p: StatsPeriod) => statsPeriodLabel(stats.granularity, p)),
      axisTick: { alignWithLabel: true },
      axisLabel: { hideOverlap: true, formatter: short },
    },
  };
}

const yuanOf = (cents: number) => cents / 100;

const moneyTooltip = { valueFormatter: (v: unknown) => formatMoney(Math.round(Number(v) * 100)) };
const countTooltip = (unit: string) => ({
  valueFormatter: (v: unknown) => `${formatInt(Number(v))} ${unit}`,
});

/** 营收与退款 (bars, yuan) with 付费订单 (line, right axis). */
export function revenueOption(stats: Stats): EChartsCoreOption {
  return {
    ...base(stats, [COLORS.primary, COLORS.error, COLORS.warning]),
    yAxis: [
      { type: 'value', axisLabel: { formatter: '¥{value}' }, splitLine: { lineStyle: { type: 'dashed' } } },
      { type: 'value', minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      {
        name: '营收',
        type: 'bar',
        barMaxWidth: 18,
        tooltip: moneyTooltip,
        data: stats.periods.map((p) => yuanOf(p.revenueCents)),
      },
      {
        name: '退款',
        type: 'bar',
        barMaxWidth: 18,
        tooltip: moneyTooltip,
        data: stats.periods.map((p) => yuanOf(p.refundsCents)),
      },
      {
        name: '付费订单',
        type: 'line',
        yAxisIndex: 1,
        showSymbol: stats.periods.length <= 14,
        tooltip: countTooltip('笔'),
        data: stats.periods.map((p) => p.paidOrders),
      },
    ],
  };
}

/** 新用户, 活跃创作者, 生成次数 (lines). */
export function usersOption(stats: Stats): EChartsCoreOption {
  const line = (name: string, unit: string, pick: (p: StatsPeriod) => number) => ({
    name,
    type: 'line',
    showSymbol: stats.periods.length <= 14,
    tooltip: countTooltip(unit),
    data: stats.periods.map(pick),
  });
  return {
    ...base(stats, [COLORS.info, COLORS.success, COLORS.primary]),
    tooltip: { trigger: 'axis' },
    yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
    series: [
      line('新用户', '人', (p) => p.newUsers),
      line('活跃创作者', '人', (p) => p.activeCreators),
      line('生成次数', '次', (p) => p.generations),
    ],
  };
}

/** 售出点数 and 消耗点数 (bars). */
export function creditsOption(stats: Stats): EChartsCoreOption {
  const bar = (name: string, pick: (p: StatsPeriod) => number) => ({
    name,
    type: 'bar',
    barMaxWidth: 18,
    tooltip: countTooltip('点'),
    data: stats.periods.map(pick),
  });
  return {
    ...base(stats, [COLORS.warning, COLORS.info]),
    yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
    series: [bar('售出点数', (p) => p.creditsSold), bar('消耗点数', (p) => p.creditsUsed)],
  };
}
