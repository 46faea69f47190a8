import { fill, type Slots } from './fill.ts';
import type { Rng } from './random.ts';

/** Chinese voice-over runs at about four characters a second. */
export const CHARS_PER_SEC = 4;

/** Patterns with a generator slot give new text each time, so they may be used again. */
const reusable = (pattern: string) => pattern.includes('{tipNext}');

/**
 * Writes the spoken lines of one script: each pattern is used once, and each scene gets
 * roughly as much text as its duration can carry.
 */
export class LineWriter {
  private readonly used = new Set<string>();
  /** How often each reusable pattern has been used, so they take turns instead of repeating. */
  private readonly uses = new Map<string, number>();

  constructor(
    private readonly slots: Slots,
    private readonly rng: Rng,
    private readonly padding: readonly string[],
  ) {}

  /** Renders one chosen pattern (hook, twist, call to action). */
  fixed(pattern: string): string {
    this.used.add(pattern);
    return fill(pattern, this.slots) ?? '';
  }

  /** The best-fitting unused line, then extra sentences until the scene is about full. */
  write(primary: readonly string[], more: readonly string[], durationSec: number, lead?: string): string {
    const target = Math.max(6, durationSec * CHARS_PER_SEC);
    let text = lead ?? this.closest(primary, target) ?? this.closest(more, target) ?? '';
    const count = (p: string) => this.uses.get(p) ?? 0;
    const pool = [...more, ...this.padding].sort((a, b) => count(a) - count(b));
    for (const pattern of pool) {
      if (text.length >= target * 0.7) break;
      if (!this.available(pattern)) continue;
      const peek = fill(pattern, this.slots, 'peek');
      if (peek === null || text.includes(peek)) continue;
      // Allow overshooting a little, but not doubling a short scene.
      if (text.length > 0 && text.length + peek.length > target * 1.3) continue;
      text += this.take(pattern);
    }
    return text;
  }

  private available(pattern: string): boolean {
    return reusable(pattern) || !this.used.has(pattern);
  }

  private take(pattern: string): string {
    this.used.add(pattern);
    this.uses.set(pattern, (this.uses.get(pattern) ?? 0) + 1);
    return fill(pattern, this.slots) ?? '';
  }

  /** A random unused pattern among those whose length is near the target (within 8 characters of the best). */
  private closest(patterns: readonly string[], target: number): string | null {
    const options = patterns
      .filter((p) => this.available(p))
      .map((p) => ({ p, text: fill(p, this.slots, 'peek') }))
      .filter((o): o is { p: string; text: string } => o.text !== null)
      .sort((a, b) => Math.abs(a.text.length - target) - Math.abs(b.text.length - target));
    const best = options[0];
    if (!best) return null;
    const bestGap = Math.abs(best.text.length - target);
    const chosen = this.rng.pick(options.filter((o) => Math.abs(o.text.length - target) <= bestGap + 8));
    return this.take(chosen.p);
  }
}
