import { describe, expect, it } from 'vitest';
import { COUNTER_DEFAULT_DURATION_MS, countUpValue, easeOutExpo, formatThousands } from './count-up';

describe('easeOutExpo', () => {
  it('starts at 0, ends exactly at 1 and never goes back', () => {
    expect(easeOutExpo(0)).toBe(0);
    expect(easeOutExpo(1)).toBe(1);
    let previous = 0;
    for (let i = 1; i <= 1000; i += 1) {
      const v = easeOutExpo(i / 1000);
      expect(v).toBeGreaterThanOrEqual(previous);
      expect(v).toBeLessThanOrEqual(1);
      previous = v;
    }
  });

  it('eases out: most of the distance is covered early, the landing is slow', () => {
    expect(easeOutExpo(0.25)).toBeGreaterThan(0.8);
    expect(easeOutExpo(0.5)).toBeGreaterThan(0.96);
    // The first tenth of the time moves far more than the last tenth.
    expect(easeOutExpo(0.1) - easeOutExpo(0)).toBeGreaterThan(50 * (easeOutExpo(1) - easeOutExpo(0.9)));
  });

  it('clamps outside [0, 1]', () => {
    expect(easeOutExpo(-0.5)).toBe(0);
    expect(easeOutExpo(3)).toBe(1);
  });
});

describe('countUpValue', () => {
  it('lasts 2000 ms by default', () => {
    expect(COUNTER_DEFAULT_DURATION_MS).toBe(2000);
    expect(countUpValue(232832, 1999)).toBeLessThan(232832);
    expect(countUpValue(232832, 2000)).toBe(232832);
  });

  it('waits for its delay, showing 0, then counts for its duration', () => {
    const timing = { delayMs: 500, durationMs: 3000 };
    expect(countUpValue(567899999, 0, timing)).toBe(0);
    expect(countUpValue(567899999, 500, timing)).toBe(0);
    expect(countUpValue(567899999, 501, timing)).toBeGreaterThan(0);
    expect(countUpValue(567899999, 3499, timing)).toBeLessThan(567899999);
    expect(countUpValue(567899999, 3500, timing)).toBe(567899999);
    expect(countUpValue(567899999, 60_000, timing)).toBe(567899999);
  });

  it('follows the ease-out curve, rounded down so it never overshoots', () => {
    const timing = { delayMs: 200, durationMs: 2000 };
    expect(countUpValue(232832, 200 + 1000, timing)).toBe(Math.floor(232832 * easeOutExpo(0.5)));
    let previous = 0;
    for (let t = 0; t <= 2400; t += 16) {
      const v = countUpValue(232832, t, timing);
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(previous);
      expect(v).toBeLessThanOrEqual(232832);
      previous = v;
    }
  });
});

describe('formatThousands', () => {
  it('groups digits by three', () => {
    expect(formatThousands(0)).toBe('0');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(1000)).toBe('1,000');
    expect(formatThousands(232832)).toBe('232,832');
    expect(formatThousands(567899999)).toBe('567,899,999');
  });
});
