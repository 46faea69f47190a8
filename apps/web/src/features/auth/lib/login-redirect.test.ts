import { describe, expect, it } from 'vitest';
import { safeRedirect } from './login-redirect';

describe('safeRedirect', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeRedirect('?redirect=%2Fdashboard%2Forder%3Ftab%3Dpaid')).toBe('/dashboard/order?tab=paid');
    expect(safeRedirect('?redirect=/dashboard/history')).toBe('/dashboard/history');
  });
  it('ignores anything that could leave the site', () => {
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '',
    ]) {
      expect(safeRedirect(`?redirect=${encodeURIComponent(bad)}`)).toBeNull();
    }
    expect(safeRedirect('')).toBeNull();
  });
});
