/** ¥12,345.67: a headline amount, grouped in thousands as Chinese finance screens show it. */
export const formatMoney = (cents: number) =>
  `¥${(cents / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** 12,345 */
export const formatInt = (n: number) => n.toLocaleString('zh-CN');

/** 0.4567 → 45.7% */
export const formatRate = (rate: number | null) =>
  rate === null ? '—' : `${(rate * 100).toFixed(1).replace(/\.0$/, '')}%`;
