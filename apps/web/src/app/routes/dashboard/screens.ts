import type { RouteObject } from 'react-router';
import type { DashboardScreen } from '@/config/paths';

type LazyRoute = NonNullable<Exclude<RouteObject['lazy'], Record<string, unknown>>>;

/** Each dashboard screen: its title (menu, page header) and its route file, loaded on demand. */
export const dashboardScreens: Record<
  DashboardScreen,
  { title: string; load: LazyRoute; adminOnly?: boolean }
> = {
  account: { title: '账号分析', load: () => import('./account') },
  charactor: { title: '我的人设', load: () => import('./charactor') },
  script: { title: '脚本创作', load: () => import('./script') },
  history: { title: '创作历史', load: () => import('./history') },
  collect: { title: '我的收藏', load: () => import('./collect') },
  inspirationLibrary: { title: '灵感库', load: () => import('./inspiration-library') },
  college: { title: '创作学院', load: () => import('./college') },
  commodity: { title: '购买点数', load: () => import('./commodity') },
  order: { title: '订单列表', load: () => import('./order') },
  myWallet: { title: '我的钱包', load: () => import('./my-wallet') },
  distribution: { title: '我的客户', load: () => import('./distribution') },
  wallet: { title: '分销钱包', load: () => import('./wallet') },
  audit: { title: '提现审核', load: () => import('./audit'), adminOnly: true },
  personnel: { title: '人员审批', load: () => import('./personnel'), adminOnly: true },
};
