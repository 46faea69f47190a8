/** Money travels as integer cents (分); shown as ¥9.90. */
export const formatYuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

export const formatNumber = (n: number) => n.toLocaleString('zh-CN');

/** 1.2万 / 3.4亿: how Chinese platforms show big counts. */
export function formatCount(n: number): string {
  if (n >= 100_000_000) return `${(n / 100_000_000).toFixed(1).replace(/\.0$/, '')}亿`;
  if (n >= 10_000) return `${(n / 10_000).toFixed(1).replace(/\.0$/, '')}万`;
  return String(n);
}

export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  const pad = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
