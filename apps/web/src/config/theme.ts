/** SPEC §3: light scheme and its colours. */
export const themeColors = {
  primary: '#613CEB',
  info: '#2080f0',
  success: '#52c41a',
  warning: '#faad14',
  error: '#f5222d',
} as const;

export interface ThemeSettings {
  scheme: 'light';
  colors: typeof themeColors;
}

export const defaultThemeSettings: ThemeSettings = { scheme: 'light', colors: themeColors };

export const TOKEN_COOKIE = 'token';
export const ICON_LOCAL_PREFIX = 'icon-local';
