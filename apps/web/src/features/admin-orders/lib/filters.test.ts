import { describe, expect, it } from 'vitest';
import { hasFilters, toListQuery } from './filters';

describe('admin order filters', () => {
  it('sends only the filters that are set, trimmed', () => {
    expect(toListQuery({}, 1, 10)).toEqual({ page: 1, pageSize: 10 });
    expect(
      toListQuery(
        { keyword: '  阿强 ', status: 'paid', productId: '', from: '2025-03-01', to: undefined },
        2,
        10,
      ),
    ).toEqual({ page: 2, pageSize: 10, keyword: '阿强', status: 'paid', from: '2025-03-01' });
    expect(toListQuery({ keyword: '   ' }, 1, 10)).toEqual({ page: 1, pageSize: 10 });
  });

  it('knows whether anything is chosen', () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ keyword: '' })).toBe(false);
    expect(hasFilters({ to: '2025-03-01' })).toBe(true);
  });
});
