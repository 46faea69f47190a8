import type { Product } from '@app/contract';

/** Cents per credit, unrounded. */
export const centsPerCredit = (p: Pick<Product, 'priceCents' | 'credits'>) => p.priceCents / p.credits;

/** ¥0.14/点: two decimals are what a buyer compares; rounding never shows ¥0.00. */
export function formatPerCredit(p: Pick<Product, 'priceCents' | 'credits'>): string {
  const yuan = centsPerCredit(p) / 100;
  return `¥${Math.max(yuan, 0.01).toFixed(2)}/点`;
}

/**
 * How much cheaper per credit than the dearest product, in whole percent (0 for the dearest).
 * Shown as 「省 67%」 on the bigger packs.
 */
export function savingPercent(product: Product, all: Product[]): number {
  const dearest = Math.max(...all.map(centsPerCredit));
  if (!Number.isFinite(dearest) || dearest <= 0) return 0;
  return Math.floor((1 - centsPerCredit(product) / dearest) * 100);
}

/** mm:ss of the time left, 00:00 once past. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}
