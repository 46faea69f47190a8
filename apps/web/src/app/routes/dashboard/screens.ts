import type { RouteObject } from 'react-router';
import type { DashboardScreen } from '@/config/paths';

type LazyRoute = NonNullable<Exclude<RouteObject['lazy'], Record<string, unknown>>>;

/**
 * Each dashboard screen's route file, loaded on demand. Titles, menu groups and who may open a screen
 * live in config/dashboard-screens.ts: the screens read them there, so none of them imports this file.
 */
export const dashboardScreenRoutes: Record<DashboardScreen, LazyRoute> = {
  account: () => import('./account'),
  charactor: () => import('./charactor'),
  script: () => import('./script'),
  history: () => import('./history'),
  collect: () => import('./collect'),
  inspirationLibrary: () => import('./inspiration-library'),
  college: () => import('./college'),
  commodity: () => import('./commodity'),
  order: () => import('./order'),
  myWallet: () => import('./credits-wallet'),
  distribution: () => import('./distribution'),
  wallet: () => import('./distribution-wallet'),
  audit: () => import('./audit'),
  personnel: () => import('./personnel'),
  adminStats: () => import('./admin-stats'),
  adminAudit: () => import('./admin-audit'),
  adminOrders: () => import('./admin-orders'),
  adminUsers: () => import('./admin-users'),
};
