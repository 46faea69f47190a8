import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToaster, TOAST_DEDUPE_RESET_MS } from './toast';

describe('toast de-duplication (SPEC §8)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('suppresses an identical text while it is shown, and shows it again once it left', () => {
    const closers: (() => void)[] = [];
    const show = vi.fn((_k: string, _t: string, onClose: () => void) => closers.push(onClose));
    const toast = createToaster(show);
    expect(toast.error('网络错误')).toBe(true);
    expect(toast.error('网络错误')).toBe(false);
    expect(toast.error('另一条')).toBe(true);
    expect(show).toHaveBeenCalledTimes(2);
    closers[0]!();
    expect(toast.error('网络错误')).toBe(true);
  });

  it('clears the stack 5 seconds after the last toast even if a close never came', () => {
    const show = vi.fn();
    const toast = createToaster(show);
    toast.error('超时');
    vi.advanceTimersByTime(TOAST_DEDUPE_RESET_MS - 1);
    expect(toast.error('超时')).toBe(false);
    vi.advanceTimersByTime(TOAST_DEDUPE_RESET_MS);
    expect(toast.error('超时')).toBe(true);
    expect(TOAST_DEDUPE_RESET_MS).toBe(5000);
  });
});
