import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid.ts';

describe('isUuid', () => {
  it('accepts uuids in either case', () => {
    const id = randomUUID();
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
  });

  it('refuses anything a uuid column would reject', () => {
    const id = randomUUID();
    for (const bad of [
      '',
      'abc',
      id.replaceAll('-', ''),
      `${id}0`,
      ` ${id}`,
      `${id}\n`,
      id.slice(0, -1),
      `${id.slice(0, -1)}g`,
      "' or 1=1 --",
    ]) {
      expect(isUuid(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
