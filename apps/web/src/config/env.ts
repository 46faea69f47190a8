/** Build-time configuration, read once. VITE_API_BASE_URL is the provider host (full URL). */
const apiHost = (import.meta.env.VITE_API_BASE_URL as string | undefined)?.replace(/\/$/, '');

export const env = {
  version: '0.0.4',
  apiBaseUrl: `${apiHost || window.location.origin}/api/v1`,
} as const;
