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
  adminStats: '/dashboard/adminStats',
  adminAudit: '/dashboard/adminAudit',
  adminOrders: '/dashboard/adminOrders',
  adminUsers: '/dashboard/adminUsers',
} as const;

export type DashboardScreen = Exclude<keyof typeof paths, 'home' | 'dashboard'>;

/**
 * The script workspace opened on a topic ("写脚本", "写一个类似的"): it reads `topic` (the text)
 * and, for a hot topic, `topicId`.
 */
export function scriptPathFor(topic: { title: string; topicId?: string }): string {
  const params = new URLSearchParams({ topic: topic.title });
  if (topic.topicId) params.set('topicId', topic.topicId);
  return `${paths.script}?${params.toString()}`;
}
