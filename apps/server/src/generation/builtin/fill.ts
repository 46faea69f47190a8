/**
 * Phrase patterns hold {name} placeholders. A slot is either fixed text or a generator
 * (e.g. "the next unused tip") that can run dry; peeking lets a caller measure a pattern
 * without using up what the generator would hand out.
 */
export interface SlotGenerator {
  peek(): string | null;
  take(): string | null;
}
export type Slot = string | SlotGenerator;
export type Slots = Record<string, Slot>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** Fills a pattern; null when a generator has run dry, so the caller can try another pattern. */
export function fill(pattern: string, slots: Slots, mode: 'take' | 'peek' = 'take'): string | null {
  let dry = false;
  const text = pattern.replace(PLACEHOLDER, (_whole, name: string) => {
    const slot = slots[name];
    if (slot === undefined) throw new Error(`短语模板里的变量没有取值：{${name}}`);
    if (typeof slot === 'string') return slot;
    const value = mode === 'take' ? slot.take() : slot.peek();
    if (value === null) dry = true;
    return value ?? '';
  });
  return dry ? null : text;
}

/** A generator over a list, handed out in order until it runs out. */
export function queue(items: readonly string[]): SlotGenerator {
  let i = 0;
  return {
    peek: () => items[i] ?? null,
    take: () => items[i++] ?? null,
  };
}

/** 第一, 第二, … for numbered points; never runs dry. */
export function ordinals(): SlotGenerator {
  const words = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
  let i = 0;
  const at = (n: number) => `第${words[n] ?? String(n + 1)}`;
  return { peek: () => at(i), take: () => at(i++) };
}
