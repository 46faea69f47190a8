import type { DashboardScreen } from './paths';

/**
 * Each dashboard screen's title (menu, page header) and who may open it. Plain data, so the screens,
 * the layout and the router all read it without importing one another (the route files themselves
 * are wired in app/routes/dashboard/screens.ts).
 */
export const dashboardScreens: Record<DashboardScreen, { title: string; adminOnly?: boolean }> = {
  account: { title: '账号分析' },
  charactor: { title: '我的人设' },
  script: { title: '脚本创作' },
  history: { title: '创作历史' },
  collect: { title: '我的收藏' },
  inspirationLibrary: { title: '灵感库' },
  college: { title: '创作学院' },
  commodity: { title: '购买点数' },
  order: { title: '订单列表' },
  myWallet: { title: '我的钱包' },
  distribution: { title: '我的客户' },
  wallet: { title: '分销钱包' },
  audit: { title: '提现审核', adminOnly: true },
  personnel: { title: '人员审批', adminOnly: true },
  adminStats: { title: '经营数据', adminOnly: true },
  adminAudit: { title: '操作日志', adminOnly: true },
  adminOrders: { title: '订单管理', adminOnly: true },
  adminUsers: { title: '用户管理', adminOnly: true },
};

/** The dashboard menu: its groups, in order, and the screens under each. */
export const dashboardMenuGroups: { label: string; screens: DashboardScreen[] }[] = [
  {
    label: '创作',
    screens: ['account', 'charactor', 'script', 'history', 'collect', 'inspirationLibrary', 'college'],
  },
  { label: '账户', screens: ['commodity', 'order', 'myWallet'] },
  { label: '分销', screens: ['distribution', 'wallet'] },
  { label: '管理', screens: ['adminStats', 'audit', 'personnel', 'adminOrders', 'adminUsers', 'adminAudit'] },
];
