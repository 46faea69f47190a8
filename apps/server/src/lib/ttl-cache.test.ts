import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

describe('ttl cache', () => {
  it('forgets entries after their time-to-live and keeps at most max', () => {
    let t = 0;
    const cache = createTtlCache<string, number>({ ttlMs: 100, max: 2, now: () => t });
    cache.set('a', 1);
    cache.set('b', 2);
    t = 99;
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
    t = 200;
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
  });
});
