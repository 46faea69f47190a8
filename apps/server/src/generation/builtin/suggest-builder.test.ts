import { type ScriptDraft, suggestionSchema } from '@app/contract/generation';
import { describe, expect, it } from 'vitest';
import { BuiltinProvider } from './builtin-provider.ts';

const provider = new BuiltinProvider();

const persona = await provider.analyzePersona({
  platform: 'douyin',
  accountName: '小林下厨房',
  niche: '美食',
  recentTitles: [],
  goal: '涨粉',
});

describe('builtin suggestions', () => {
  it('proposes topic ideas from the persona, anchored on a hot topic when given', async () => {
    const plain = await provider.suggest({ kind: 'topics', count: 5, persona });
    expect(plain).toHaveLength(5);
    for (const s of plain) expect(suggestionSchema.parse(s)).toEqual(s);
    const hot = await provider.suggest({ kind: 'topics', count: 4, persona, topic: '春节返乡' });
    expect(hot.every((s) => s.text.includes('春节返乡'))).toBe(true);
    expect(hot.map((s) => s.text)).not.toEqual(plain.slice(0, 4).map((s) => s.text));
    expect(new Set(hot.map((s) => s.text)).size).toBe(4);
  });

  it('writes distinct titles and hooks that name the topic', async () => {
    for (const kind of ['titles', 'hooks'] as const) {
      const items = await provider.suggest({ kind, count: 5, topic: '年终述职怎么写', persona });
      expect(items).toHaveLength(5);
      expect(new Set(items.map((s) => s.text)).size).toBe(5);
      for (const s of items) {
        expect(s.text).toContain('年终述职');
        expect(s.reason.length).toBeGreaterThan(5);
      }
    }
  });

  it('clamps the count to 1..10 and refills beyond one round of patterns', async () => {
    expect(await provider.suggest({ kind: 'titles', count: 50, topic: '减脂' })).toHaveLength(10);
    expect(await provider.suggest({ kind: 'hooks', count: 0, topic: '减脂' })).toHaveLength(1);
  });

  it('points at what is actually wrong in a script', async () => {
    const bad: ScriptDraft = {
      title: '今天聊聊我最近的一些想法和感受吧大家可以看一下',
      hook: '大家好，欢迎来到我的频道，今天我想和大家慢慢聊一聊关于存钱的一些事情',
      scenes: [
        { shot: '中景', visual: '博主坐着', line: '大家好，欢迎来到我的频道', durationSec: 10 },
        {
          shot: '中景',
          visual: '博主坐着',
          line: '存钱这件事说难也难说简单也简单，关键是要坚持，还要有方法，更要有耐心',
          durationSec: 3,
        },
        { shot: '中景', visual: '博主坐着', line: '好', durationSec: 30 },
      ],
      twist: null,
      cta: '今天就到这里。',
      tags: ['存钱', '理财'],
      coverText: '关于存钱我想说的一些真心话和经验分享',
    };
    const notes = await provider.suggest({ kind: 'improve', count: 10, script: bad, platform: 'douyin' });
    const text = notes.map((n) => `${n.text}｜${n.reason}`).join('\n');
    expect(text).toContain('开场钩子');
    expect(text).toContain('第1镜');
    expect(text).toContain('行动号召');
    expect(text).toContain('第3镜有30秒');
    expect(text).toMatch(/第2镜的台词删到12字/);
    expect(text).toMatch(/第1到第3镜都是中景/);
    expect(text).toContain('话题标签');
    expect(text).toContain('封面字');
    expect(notes).toHaveLength(10);

    const few = await provider.suggest({ kind: 'improve', count: 3, script: bad, platform: 'douyin' });
    expect(few.map((n) => n.text)).toEqual(notes.slice(0, 3).map((n) => n.text));
  });

  it('gives a tidy script fewer complaints than a sloppy one', async () => {
    const good = await provider.generateScript({
      topic: '月薪五千怎么存钱',
      templateId: 'koubo',
      twist: 'light',
      platform: 'xiaohongshu',
      durationSec: 30,
      variantIndex: 0,
    });
    const notes = await provider.suggest({
      kind: 'improve',
      count: 10,
      script: good,
      platform: 'xiaohongshu',
    });
    expect(notes.map((n) => n.text).join('')).not.toContain('行动号召');
    expect(notes.length).toBeGreaterThan(0);
  });

  it('needs a script to improve', async () => {
    await expect(provider.suggest({ kind: 'improve', count: 3 })).rejects.toThrow('脚本');
  });
});
