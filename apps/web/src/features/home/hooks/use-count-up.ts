import { useEffect, useState } from 'react';
import { type CountUpTiming, countUpValue } from '../lib/count-up';
import { prefersReducedMotion } from '../lib/reduced-motion';

/**
 * The number to show for an animated counter: 0 until `delayMs` after mount, then eased up to
 * `target` over `durationMs`, one value per animation frame. With reduced motion it is the
 * target from the start.
 */
export function useCountUp(target: number, { delayMs = 0, durationMs }: CountUpTiming = {}): number {
  const [value, setValue] = useState(() => (prefersReducedMotion() ? target : 0));

  useEffect(() => {
    if (prefersReducedMotion()) {
      setValue(target);
      return;
    }
    const start = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const next = countUpValue(target, now - start, { delayMs, durationMs });
      setValue(next);
      if (next !== target) frame = requestAnimationFrame(tick);
    };
    // Nothing changes during the delay, so no frames are spent on it.
    const timer = setTimeout(() => {
      frame = requestAnimationFrame(tick);
    }, delayMs);
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [target, delayMs, durationMs]);

  return value;
}
