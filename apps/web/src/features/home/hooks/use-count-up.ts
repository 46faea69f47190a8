import { type RefObject, useLayoutEffect } from 'react';
import { type CountUpTiming, countUpValue, formatThousands } from '../lib/count-up';
import { prefersReducedMotion } from '../lib/reduced-motion';

const MIN_UPDATE_INTERVAL_MS = 30;

/**
 * Drives an animated counter: the element shows 0 until `delayMs` after mount, then eases up to
 * `target` over `durationMs`, about 30 values a second, ending exactly on `target`. It writes
 * the element's text directly instead of re-rendering React ~200 times, because on a slow phone
 * every frame of the count competes with the page becoming interactive. With reduced motion the
 * target is shown at once. The element must have no React children: its text belongs to this hook.
 */
export function useCountUp(
  ref: RefObject<HTMLElement | null>,
  target: number,
  { delayMs = 0, durationMs }: CountUpTiming = {},
): void {
  // A layout effect: the element gets its first text (0, or the target) before the first paint.
  useLayoutEffect(() => {
    const show = (n: number) => {
      const text = formatThousands(n);
      if (ref.current && ref.current.textContent !== text) ref.current.textContent = text;
    };
    if (prefersReducedMotion()) {
      show(target);
      return;
    }
    show(0);
    const start = performance.now();
    let frame = 0;
    let shownAt = Number.NEGATIVE_INFINITY;
    const tick = (now: number) => {
      const value = countUpValue(target, now - start, { delayMs, durationMs });
      // About 30 updates a second: a count looks the same, and a slow phone repaints half as often.
      if (value === target || now - shownAt >= MIN_UPDATE_INTERVAL_MS) {
        show(value);
        shownAt = now;
      }
      if (value !== target) frame = requestAnimationFrame(tick);
    };
    // Nothing changes during the delay, so no frames are spent on it.
    const timer = setTimeout(() => {
      frame = requestAnimationFrame(tick);
    }, delayMs);
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [ref, target, delayMs, durationMs]);
}
