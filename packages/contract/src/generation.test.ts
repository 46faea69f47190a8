import { describe, expect, it } from 'vitest';
import {
  personaAnalyzeInputSchema,
  personaDraftSchema,
  platformNames,
  sceneSchema,
  scriptDraftSchema,
} from './generation.ts';

const input = {
  platform: 'douyin',
  accountName: '小林下厨房',
  niche: '美食',
  followers: 1200,
  recentTitles: ['3分钟搞定番茄炒蛋'],
  goal: '半年涨粉一万',
};

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('generation contract', () => {
  it('names the four platforms in Chinese', () => {
    expect(Object.values(platformNames)).toEqual(['抖音', '快手', '小红书', '视频号']);
  });

  it('accepts a persona analysis request and explains refusals in Chinese', () => {
    expect(personaAnalyzeInputSchema.parse(input)).toEqual(input);
    expect(firstMessage(personaAnalyzeInputSchema.safeParse({ ...input, accountName: ' ' }))).toBe(
      '请填写账号名称',
    );
    expect(firstMessage(personaAnalyzeInputSchema.safeParse({ ...input, followers: -1 }))).toBe(
      '粉丝数不能为负数',
    );
    expect(firstMessage(personaAnalyzeInputSchema.safeParse({ ...input, platform: 'weibo' }))).toContain(
      '抖音',
    );
    const eleven = Array.from({ length: 11 }, (_, i) => `标题${i}`);
    expect(firstMessage(personaAnalyzeInputSchema.safeParse({ ...input, recentTitles: eleven }))).toBe(
      '近期标题最多填写 10 条',
    );
    expect(personaAnalyzeInputSchema.safeParse({ ...input, extra: 1 }).success).toBe(false);
  });

  it('bounds what a generator may return', () => {
    const scene = { shot: '近景', visual: '博主对镜头', line: '', durationSec: 3 };
    expect(sceneSchema.parse(scene)).toEqual(scene);
    expect(sceneSchema.safeParse({ ...scene, durationSec: 0 }).success).toBe(false);
    expect(sceneSchema.safeParse({ ...scene, durationSec: 2.5 }).success).toBe(false);
    const script = {
      title: '标题',
      hook: '钩子',
      scenes: [scene, scene],
      twist: null,
      cta: '关注我',
      tags: ['a', 'b'],
      coverText: '封面',
    };
    expect(scriptDraftSchema.parse(script).twist).toBeNull();
    expect(scriptDraftSchema.safeParse({ ...script, scenes: [scene] }).success).toBe(false);
    const radar = { 专业度: 101, 亲和力: 1, 娱乐性: 1, 稀缺性: 1, 转化力: 1 };
    const persona = {
      name: 'n',
      positioning: 'p',
      audience: 'a',
      tags: ['1', '2', '3'],
      tone: 't',
      pillars: ['1', '2', '3'],
      titleFormulas: ['1', '2', '3'],
      monetization: 'm',
      radar,
    };
    expect(firstMessage(personaDraftSchema.safeParse(persona))).toBe('专业度不能大于 100');
  });
});
