import { type ScriptDraft, suggestionSchema } from '@app/contract/generation';
import { describe, expect, it } from 'vitest';
import { BuiltinProvider } from './builtin-provider.ts';

const provider = new BuiltinProvider();
const TOPIC = '离职前一定要办的五件事';

describe('built-in suggestions', () => {
  it('titles carry the topic’s own words and keep its promise; hooks are distinct', async () => {
    const titles = await provider.suggest({ kind: 'titles', count: 6, topic: TOPIC });
    expect(titles.length).toBeGreaterThanOrEqual(4);
    for (const s of titles) {
      expect(suggestionSchema.parse(s)).toEqual(s);
      expect(s.text).toContain('离职');
      expect(s.text).not.toMatch(/[一二三四六七八九十]件事/);
    }
    const hooks = await provider.suggest({ kind: 'hooks', count: 5, topic: TOPIC });
    expect(new Set(hooks.map((h) => h.text)).size).toBe(5);
  });

  it('topic ideas stay on the topic, and on the persona’s own fields', async () => {
    const ideas = await provider.suggest({ kind: 'topics', count: 5, topic: TOPIC });
    expect(ideas.slice(0, 2).every((s) => /离职|辞职|年假|交接|竞业|裸辞/.test(s.text))).toBe(true);
    const persona = await provider.analyzePersona({
      platform: 'douyin',
      accountName: '小林说职场',
      niche: '职场',
      bio: '外企HR十年',
      recentTitles: ['离职前一定要办的五件事'],
      goal: '涨粉',
    });
    const fromPersona = await provider.suggest({ kind: 'topics', count: 5, persona });
    expect(fromPersona).toHaveLength(5);
  });

  it('never tells a creator who chose three minutes to cut to one, or to change template or platform', async () => {
    for (const templateId of ['kepu', 'juqing'] as const) {
      const script = await provider.generateScript({
        topic: TOPIC,
        templateId,
        twist: 'light',
        platform: 'xiaohongshu',
        durationSec: 180,
        variantIndex: 0,
      });
      const notes = await provider.suggest({
        kind: 'improve',
        count: 10,
        script,
        topic: TOPIC,
        platform: 'xiaohongshu',
        request: { durationSec: 180, templateId, twist: 'light' },
      });
      expect(notes.length).toBeGreaterThanOrEqual(5);
      const text = notes.map((n) => `${n.text}${n.reason}`).join('\n');
      expect(text).not.toMatch(/总时长|60秒|一分钟/);
      expect(text).not.toMatch(/抖音|快手|视频号/);
      expect(text).not.toMatch(/改成(口播|带货|Vlog|探店)/);
    }
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
    const text = notes.map((n) => n.text).join('\n');
    expect(text).toMatch(/开场钩子/);
    expect(text).toMatch(/第1镜/);
    expect(text).toMatch(/第2镜的台词删到/);
    expect(text).toMatch(/第3镜补/);
    expect(text).toMatch(/行动号召/);
    expect(text).toMatch(/第1到第3镜都是中景/);
  });
});
