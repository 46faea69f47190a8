import { defaultThemeSettings, type ThemeSettings } from '@/config/theme';
import { storage } from '@/lib/storage';
import { createResettableStore } from './create-resettable-store';

interface ThemeState {
  settings: ThemeSettings;
}

export const useThemeStore = createResettableStore<ThemeState, { setSettings(s: ThemeSettings): void }>(
  () => ({ settings: storage.get<ThemeSettings>('themeSettings') ?? defaultThemeSettings }),
  (set) => ({
    setSettings(settings) {
      storage.set('themeSettings', settings);
      set({ settings });
    },
  }),
);
