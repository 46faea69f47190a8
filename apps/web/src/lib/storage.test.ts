import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_PREFIX, storage } from './storage';

describe('storage', () => {
  beforeEach(() => localStorage.clear());
  it('keeps every key under the product prefix', () => {
    storage.set('linkId', 'ABC123');
    expect(localStorage.getItem(`${STORAGE_PREFIX}linkId`)).toBe('"ABC123"');
    expect(localStorage.getItem('linkId')).toBeNull();
    expect(storage.get('linkId')).toBe('ABC123');
    storage.remove('linkId');
    expect(storage.get('linkId')).toBeNull();
  });
});
