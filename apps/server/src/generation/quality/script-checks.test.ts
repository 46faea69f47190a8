import type { QualityFinding, ScriptDraft } from '@app/contract/generation';
import { describe, expect, it } from 'vitest';
import { analyzeTopic } from '../analysis/topic-analysis.ts';
import { knowledge } from '../knowledge/load-knowledge.ts';
import { buildLexicon, checkScript, checkVariantOverlap } from './script-checks.ts';

const k = knowledge();
const lexicon = buildLexicon(k);
const topic = '离职前一定要办的五件事';
const request = { analysis: analyzeTopic(topic, k), durationSec: 44 };

const items = [
  '开好离职证明，当场核对入职日期和离职日期，错一个字都要当场改',
  '算清最后一笔工资和加班费，问清楚是哪一天发、按哪一天结算',
  '没休完的年假提前排进交接期休掉，休不完的要按工资折算',
  '写一份交接清单，项目、文件和对接人写清楚，让接手的人签字',
  '问清社保和公积金交到哪个月，跟新公司的起缴月份接上',
];
/** Five items, on topic, each line at a natural pace: 44 seconds. */
const good: ScriptDraft = {
  title: topic,
  hook: '离职前这五件事，一件都别漏。',
  scenes: [
    { shot: '近景', visual: '博主收拾纸箱', line: '离职前这五件事，一件都别漏。', durationSec: 3 },
    ...items.map((item, i) => ({
      shot: '特写',
      visual: '字幕列出要点',
      line: `第${'一二三四五'[i]}件，${item}。`,
      durationSec: 7,
    })),
    {
      shot: '近景',
      visual: '博主挥手',
      line: '这五件事你办了几件？关注我，下期聊聊年假怎么折算成工资。',
      durationSec: 6,
    },
  ],
  twist: null,
  cta: '这五件事你办了几件？关注我，下期聊聊年假怎么折算成工资。',
  tags: ['离职', '职场'],
  coverText: '离职五件事',
};
const with_ = (i: number, line: string, durationSec?: number): ScriptDraft => ({
  ...good,
  scenes: good.scenes.map((s, j) =>
    j === i ? { ...s, line, durationSec: durationSec ?? s.durationSec } : s,
  ),
});
const codes = (findings: QualityFinding[]) => findings.map((f) => f.code);

describe('the quality gate', () => {
  it('passes a script a creator could shoot as it is', () => {
    expect(checkScript(good, request, lexicon)).toEqual([]);
  });

  it('finds placeholders', () => {
    const bad = with_(2, '第二件，算清最后一笔工资。【自由发挥约10秒】讲一个你自己的经历，XX公司也一样。');
    expect(codes(checkScript(bad, request, lexicon))).toContain('placeholder');
  });

  it('finds a broken count: two items for five, or one item twice', () => {
    const two = { ...good, scenes: good.scenes.filter((_, i) => i < 3 || i === 6) };
    const findings = checkScript(two, { ...request, durationSec: 23 }, lexicon);
    expect(findings.find((f) => f.code === 'promise')?.message).toContain('五件事');
    const twice = with_(2, good.scenes[1]?.line.replace('第一件', '第二件') ?? '');
    expect(codes(checkScript(twice, request, lexicon))).toContain('promise');
  });

  it('finds other subjects the topic never named, and a length the video does not keep', () => {
    const fryer = with_(2, '第二件，先把空气炸锅烤红薯的时间定好，十五分钟翻个面，流出糖心就出锅。');
    const finding = checkScript(fryer, request, lexicon).find((f) => f.code === 'off_topic');
    expect(finding?.message).toMatch(/烤红薯/);
    const claim = { ...good, title: '一分钟讲明白离职前的五件事' };
    expect(codes(checkScript(claim, { ...request, durationSec: 180 }, lexicon))).toContain('length_claim');
  });

  it('finds lines that cannot be read in their time and totals that miss the length', () => {
    const dense = with_(0, '离职前这五件事，一件都别漏，听我一件一件给你讲清楚，看完再去找人事也不迟。', 3);
    expect(codes(checkScript(dense, request, lexicon))).toContain('pace');
    expect(codes(checkScript(good, { ...request, durationSec: 90 }, lexicon))).toContain('total_time');
  });

  it('finds repeated sentences and the topic pasted into lines', () => {
    const repeated = with_(6, good.scenes[1]?.line ?? '');
    expect(codes(checkScript(repeated, request, lexicon))).toContain('repeated');
    const pasted = {
      ...good,
      scenes: with_(6, `${topic}，记得收藏。`).scenes.map((s, i) =>
        i === 0 ? { ...s, line: `${topic}，看完再走。` } : s,
      ),
    };
    expect(
      checkScript(pasted, request, lexicon).find((f) => f.message.includes('在台词里出现了'))?.code,
    ).toBe('repeated');
  });

  it('finds versions that are not versions', () => {
    expect(checkVariantOverlap(good, [with_(6, '关注我，下期聊聊社保。')])[0]?.code).toBe('variant_overlap');
    const other: ScriptDraft = {
      ...good,
      title: '别的标题',
      hook: '别的开头。',
      scenes: good.scenes.map((s) => ({ ...s, line: s.line.split('').reverse().join('') })),
    };
    expect(checkVariantOverlap(good, [other])).toEqual([]);
  });
});
