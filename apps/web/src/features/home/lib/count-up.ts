/** SPEC §4/§9: counters run from 0 to their target with ease-out, 2000 ms unless told otherwise. */
export const COUNTER_DEFAULT_DURATION_MS = 2000;

export interface CountUpTiming {
  /** Milliseconds from mount before the count starts. */
  delayMs?: number;
  durationMs?: number;
}

/**
 * Exponential ease-out (fast start, long gentle landing), rescaled by 1024/1023 so it reaches
 * exactly 1 at the end instead of 0.999.
 */
export function easeOutExpo(progress: number): number {
  if (progress <= 0) return 0;
  if (progress >= 1) return 1;
  return ((1 - 2 ** (-10 * progress)) * 1024) / 1023;
}

/**
 * The value shown `elapsedMs` after mount. Rounded down so the count never overshoots, and the
 * exact target once the duration is over (no float drift on 567,899,999).
 */
export function countUpValue(target: number, elapsedMs: number, timing: CountUpTiming = {}): number {
  const { delayMs = 0, durationMs = COUNTER_DEFAULT_DURATION_MS } = timing;
  const t = elapsedMs - delayMs;
  if (t <= 0) return 0;
  if (t >= durationMs) return target;
  return Math.min(target, Math.floor(target * easeOutExpo(t / durationMs)));
}

/** 567899999 → "567,899,999" (the same on every locale, unlike toLocaleString). */
export function formatThousands(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
