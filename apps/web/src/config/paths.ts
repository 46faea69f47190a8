/** Every route of SPEC §2, named once. */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  account: '/dashboard/account',
  charactor: '/dashboard/charactor',
  collect: '/dashboard/collect',
  history: '/dashboard/history',
  script: '/dashboard/script',
  commodity: '/dashboard/commodity',
  order: '/dashboard/order',
  distribution: '/dashboard/distribution',
  wallet: '/dashboard/wallet',
  audit: '/dashboard/audit',
  personnel: '/dashboard/personnel',
  myWallet: '/dashboard/myWallet',
  college: '/dashboard/college',
  inspirationLibrary: '/dashboard/inspirationLibrary',
} as const;

export type DashboardScreen = Exclude<keyof typeof paths, 'home' | 'dashboard'>;
