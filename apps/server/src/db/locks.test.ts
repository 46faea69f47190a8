import { describe, expect, it } from 'vitest';
import { advisoryLocks } from './locks.ts';

describe('advisory locks', () => {
  it('gives every lock a key of its own that fits PostgreSQL (int4 for a two-key class)', () => {
    const keys = Object.values(advisoryLocks);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(Number.isInteger(key) && key > 0 && key < 2 ** 31).toBe(true);
  });
});
