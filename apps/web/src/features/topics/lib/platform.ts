import { type Platform, platformNames } from '@app/contract/generation';

export const platformOrder: Platform[] = ['douyin', 'kuaishou', 'xiaohongshu', 'shipinhao'];

/** Each platform in a colour its users know it by. */
export const platformColors: Record<Platform, string> = {
  douyin: '#1f1d2b',
  kuaishou: '#ff6a00',
  xiaohongshu: '#ff2442',
  shipinhao: '#07c160',
};

export type { Platform };
export { platformNames };
