import { type Stats, type StatsFigures, statsGranularityNames, statsPeriodLabel } from '@app/contract';

/**
 * The figures as a CSV file an operator opens in Excel or WPS: UTF-8 with a byte-order mark (else
 * Excel reads the Chinese as GBK and shows mojibake), CRLF line ends (RFC 4180), Chinese headers,
 * amounts in yuan with two decimals. Every cell is a number, a date or a fixed label, so there is
 * nothing for a spreadsheet to run as a formula; quoting is still applied where RFC 4180 needs it.
 */
const columns: { header: string; value: (f: StatsFigures) => string }[] = [
  { header: '营收（元）', value: (f) => yuan(f.revenueCents) },
  { header: '付费订单数', value: (f) => String(f.paidOrders) },
  { header: '退款金额（元）', value: (f) => yuan(f.refundsCents) },
  { header: '退款笔数', value: (f) => String(f.refunds) },
  { header: '新用户', value: (f) => String(f.newUsers) },
  { header: '活跃创作者', value: (f) => String(f.activeCreators) },
  { header: '生成次数', value: (f) => String(f.generations) },
  { header: '生成脚本数', value: (f) => String(f.scripts) },
  { header: '售出点数', value: (f) => String(f.creditsSold) },
  { header: '消耗点数', value: (f) => String(f.creditsUsed) },
  { header: '已支付佣金（元）', value: (f) => yuan(f.commissionsPaidCents) },
];

const BOM = '\uFEFF';

export function statsCsv(stats: Stats): string {
  const periodHeader = { day: '日期', week: '周', month: '月份' }[stats.granularity];
  const rows = [
    [periodHeader, ...columns.map((c) => c.header)],
    ...stats.periods.map((p) => [statsPeriodLabel(stats.granularity, p), ...columns.map((c) => c.value(p))]),
    ['合计', ...columns.map((c) => c.value(stats.totals))],
  ];
  const lines = rows.map((cells) => `${cells.map(cell).join(',')}\r\n`);
  return BOM + lines.join('');
}

/** 经营数据-2026-11-01-至-2026-11-30.csv (按周 / 按月 say so in the name). */
export function statsCsvFileName(stats: Stats): string {
  const grouping = stats.granularity === 'day' ? '' : `-${statsGranularityNames[stats.granularity]}`;
  return `经营数据${grouping}-${stats.from}-至-${stats.to}.csv`;
}

/**
 * RFC 6266 with RFC 5987's filename*: an ASCII name for old clients, the Chinese one as UTF-8.
 * encodeURIComponent leaves ' ( ) * as they are, which attr-char does not allow.
 */
export function attachmentDisposition(fileName: string, asciiFallback: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encoded}`;
}

const yuan = (cents: number) => (cents / 100).toFixed(2);

function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
