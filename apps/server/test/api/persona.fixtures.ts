import type { PersonaAnalyzeInput } from '@app/contract/generation';

/** A food creator's account, as the 账号分析 form sends it. */
export const foodCreator: PersonaAnalyzeInput = {
  platform: 'douyin',
  accountName: '小厨阿满',
  niche: '美食',
  followers: 12800,
  bio: '下班后 15 分钟做一顿饭',
  recentTitles: ['打工人 10 元早餐'],
  goal: '三个月涨粉一万',
};
