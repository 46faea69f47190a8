/**
 * Local storage behind the product's fixed key prefix (SPEC §3), so nothing else on the origin
 * can collide with our keys.
 */
export const STORAGE_PREFIX = 'jbgf_';

export type StorageKey = 'token' | 'userInfo' | 'themeSettings' | 'linkId';

export const storage = {
  get<T>(key: StorageKey): T | null {
    const raw = localStorage.getItem(STORAGE_PREFIX + key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: unknown): void {
    localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
  },
  remove(key: StorageKey): void {
    localStorage.removeItem(STORAGE_PREFIX + key);
  },
};
