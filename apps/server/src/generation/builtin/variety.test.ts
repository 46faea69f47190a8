import type { PersonaDraft, Platform, ScriptDraft, TemplateId } from '@app/contract/generation';
import { describe, expect, it } from 'vitest';
import { BuiltinProvider } from './builtin-provider.ts';

const provider = new BuiltinProvider();

// Ten fields a creator might type, each with a topic from that field; 钓鱼 has no profile of its own.
const NICHES: Array<{ niche: string; topic: string; core: string }> = [
  { niche: '美食', topic: '家常红烧肉怎么做', core: '家常红烧肉' },
  { niche: '职场', topic: '年终述职怎么写', core: '年终述职' },
  { niche: '数码', topic: '千元手机怎么选', core: '千元手机' },
  { niche: '美妆', topic: '油皮夏天用什么粉底', core: '油皮夏天用什么粉底' },
  { niche: '育儿', topic: '孩子睡前总是哭闹怎么办', core: '孩子睡前总是哭闹' },
  { niche: '健身', topic: '上班族在家怎么减脂', core: '上班族在家怎么减脂' },
  { niche: '旅行', topic: '第一次去大理怎么玩', core: '第一次去大理' },
  { niche: '理财', topic: '月薪五千怎么存钱', core: '月薪五千怎么存钱' },
  { niche: '萌宠', topic: '新手养猫要准备什么', core: '新手养猫要准备什么' },
  { niche: '钓鱼', topic: '新手第一次夜钓', core: '新手第一次夜钓' },
];

/** Character-bigram Jaccard similarity: 1 for the same text, near 0 for unrelated texts. */
function similarity(a: string, b: string): number {
  const grams = (t: string) => {
    const out = new Set<string>();
    for (let i = 0; i + 1 < t.length; i++) out.add(t.slice(i, i + 2));
    return out;
  };
  const x = grams(a);
  const y = grams(b);
  let shared = 0;
  for (const g of x) if (y.has(g)) shared++;
  return shared / (x.size + y.size - shared);
}

const personaText = (p: PersonaDraft) =>
  [
    p.name,
    p.positioning,
    p.audience,
    p.tone,
    p.monetization,
    ...p.tags,
    ...p.pillars,
    ...p.titleFormulas,
  ].join('\n');
const scriptText = (s: ScriptDraft) =>
  [s.title, s.hook, s.twist ?? '', s.cta, ...s.tags, ...s.scenes.flatMap((x) => [x.visual, x.line])].join(
    '\n',
  );

/** Removes the words that differ by construction, so only the rest of the writing is compared. */
const withoutOwnWords = (text: string, words: string[]) => words.reduce((t, w) => t.replaceAll(w, ''), text);

function pairs<T>(items: T[]): Array<[T, T]> {
  return items.flatMap((a, i) => items.slice(i + 1).map((b): [T, T] => [a, b]));
}

async function personaFor(niche: string, platform: Platform = 'douyin'): Promise<PersonaDraft> {
  return provider.analyzePersona({
    platform,
    accountName: '阿杰',
    niche,
    followers: 8000,
    recentTitles: ['我的第一条视频'],
    goal: '一年涨粉十万',
  });
}

describe('builtin variety across niches', () => {
  it('writes a different persona for each niche, naming it', async () => {
    const personas = await Promise.all(NICHES.map((n) => personaFor(n.niche)));
    personas.forEach((p, i) => {
      expect(personaText(p)).toContain(NICHES[i]?.niche);
    });
    expect(new Set(personas.map((p) => p.positioning)).size).toBe(NICHES.length);
    expect(new Set(personas.map((p) => JSON.stringify(p.radar))).size).toBe(NICHES.length);
    for (const [a, b] of pairs(personas.map((p, i) => ({ p, niche: NICHES[i]?.niche ?? '' })))) {
      const words = [a.niche, b.niche, '阿杰'];
      const score = similarity(
        withoutOwnWords(personaText(a.p), words),
        withoutOwnWords(personaText(b.p), words),
      );
      expect(score, `${a.niche} vs ${b.niche}`).toBeLessThan(0.5);
    }
  });

  for (const templateId of ['koubo', 'juqing'] as TemplateId[]) {
    it(`writes substantially different ${templateId} scripts for each niche`, async () => {
      const scripts = await Promise.all(
        NICHES.map(async (n) => ({
          ...n,
          script: await provider.generateScript({
            topic: n.topic,
            persona: await personaFor(n.niche),
            templateId,
            twist: 'light',
            platform: 'douyin',
            durationSec: 60,
            variantIndex: 0,
          }),
        })),
      );
      for (const s of scripts) {
        expect(`${s.script.title}${s.script.hook}`).toContain(s.core);
      }
      expect(new Set(scripts.map((s) => s.script.title)).size).toBe(NICHES.length);
      expect(new Set(scripts.map((s) => s.script.hook)).size).toBeGreaterThanOrEqual(NICHES.length - 1);
      for (const [a, b] of pairs(scripts)) {
        const words = [a.core, b.core, a.topic, b.topic, a.niche, b.niche];
        const score = similarity(
          withoutOwnWords(scriptText(a.script), words),
          withoutOwnWords(scriptText(b.script), words),
        );
        expect(score, `${a.niche} vs ${b.niche}`).toBeLessThan(0.5);
      }
    });
  }
});
