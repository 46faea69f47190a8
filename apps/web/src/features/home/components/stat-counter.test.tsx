import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatCounter } from './stat-counter';

const shown = () => screen.getByTestId('c').textContent;

describe('StatCounter', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'],
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows 0 through its delay, counts with thousands separators, and lands exactly on the target', () => {
    render(<StatCounter target={567899999} label="已创作脚本" testId="c" delayMs={500} durationMs={3000} />);
    expect(shown()).toBe('0');
    act(() => vi.advanceTimersByTime(480));
    expect(shown()).toBe('0');

    act(() => vi.advanceTimersByTime(1520)); // 1500 ms into a 3000 ms count: ease-out is far along
    const middle = Number(shown()!.replace(/,/g, ''));
    expect(middle).toBeGreaterThan(567899999 * 0.9);
    expect(middle).toBeLessThan(567899999);
    expect(shown()).toMatch(/^\d{1,3}(,\d{3})*$/);

    act(() => vi.advanceTimersByTime(1600));
    expect(shown()).toBe('567,899,999');
    expect(screen.getByText('已创作脚本')).toBeTruthy();
  });

  it('lasts 2000 ms by default', () => {
    render(<StatCounter target={232832} label="已服务创作者" testId="c" delayMs={200} />);
    act(() => vi.advanceTimersByTime(200 + 1900));
    expect(shown()).not.toBe('232,832');
    act(() => vi.advanceTimersByTime(150));
    expect(shown()).toBe('232,832');
  });

  it('shows the target at once when the reader prefers reduced motion', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes('reduce'), media: query })) as never;
    try {
      render(<StatCounter target={232832} label="已服务创作者" testId="c" delayMs={200} />);
      expect(shown()).toBe('232,832');
    } finally {
      window.matchMedia = original;
    }
  });
});
