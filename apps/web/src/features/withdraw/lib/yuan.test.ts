import { describe, expect, it } from 'vitest';
import { yuanToCents } from './yuan';

describe('yuanToCents', () => {
  it('turns yuan into whole cents without float error', () => {
    expect(yuanToCents(10)).toBe(1000);
    expect(yuanToCents(12.3)).toBe(1230);
    expect(yuanToCents(0.29)).toBe(29);
    expect(yuanToCents(1.005)).toBe(101);
    expect(yuanToCents(4999.99)).toBe(499999);
  });
});
