import type { Product } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { formatCountdown, formatPerCredit, savingPercent } from './pricing';

const product = (priceCents: number, credits: number): Product => ({
  id: `${priceCents}`,
  name: 'p',
  description: '',
  priceCents,
  credits,
});
const catalog = [product(990, 10), product(9900, 300), product(69900, 5000)];

describe('pricing', () => {
  it('shows the price of one credit', () => {
    expect(catalog.map(formatPerCredit)).toEqual(['¥0.99/点', '¥0.33/点', '¥0.14/点']);
    expect(formatPerCredit(product(1, 1000))).toBe('¥0.01/点');
  });

  it('computes the saving against the dearest pack, rounded down', () => {
    expect(catalog.map((p) => savingPercent(p, catalog))).toEqual([0, 66, 85]);
  });

  it('counts down in mm:ss and stops at zero', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(61_001)).toBe('01:02');
    expect(formatCountdown(-5)).toBe('00:00');
  });
});
