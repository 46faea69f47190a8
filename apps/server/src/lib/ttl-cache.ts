/**
 * A small in-process cache with a time-to-live and a size bound (oldest entries go first).
 * Hand-written rather than a dependency: the whole of what is needed is a Map with two rules.
 */
export function createTtlCache<K, V>(options: { ttlMs: number; max: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<K, { value: V; expiresAt: number }>();
  return {
    get(key: K): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key: K, value: V): void {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + options.ttlMs });
      if (entries.size > options.max) entries.delete(entries.keys().next().value as K);
    },
    delete(key: K): void {
      entries.delete(key);
    },
    clear(): void {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
export type TtlCache<K, V> = ReturnType<typeof createTtlCache<K, V>>;
