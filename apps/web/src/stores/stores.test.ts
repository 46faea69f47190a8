import { describe, expect, it } from 'vitest';
import { useAccountStore } from './account-store';
import { useAuthStore } from './auth-store';
import { useThemeStore } from './theme-store';

describe('stores reset to their initial state', () => {
  it('auth, theme and account', () => {
    useAuthStore.getState().openLoginModal();
    useAuthStore.getState().reset();
    expect(useAuthStore.getState().loginModalVisible).toBe(false);
    useAccountStore.getState().setDistribution(true);
    useAccountStore.getState().reset();
    expect(useAccountStore.getState().isDistribution).toBe(false);
    expect(useThemeStore.getState().settings.colors.primary).toBe('#613CEB');
    useThemeStore.getState().reset();
    expect(useThemeStore.getState().settings.scheme).toBe('light');
  });
});
