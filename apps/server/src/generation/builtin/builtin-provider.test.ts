import {
  type PersonaAnalyzeInput,
  personaDraftSchema,
  type ScriptDraft,
  scriptDraftSchema,
  type TemplateId,
  type Twist,
} from '@app/contract/generation';
import { describe, expect, it } from 'vitest';
import { GenerationError, type ScriptTask } from '../generation-provider.ts';
import { planTwist } from '../templates/twist-plan.ts';
import { BuiltinProvider } from './builtin-provider.ts';

const TEMPLATE_IDS: TemplateId[] = ['koubo', 'juqing', 'daihuo', 'kepu', 'vlog', 'tandian'];
const TWISTS: Twist[] = ['none', 'light', 'strong'];
const provider = new BuiltinProvider();

const task = (over: Partial<ScriptTask> = {}): ScriptTask => ({
  topic: '年终述职怎么写',
  templateId: 'koubo',
  twist: 'none',
  platform: 'douyin',
  durationSec: 60,
  variantIndex: 0,
  ...over,
});

const personaInput: PersonaAnalyzeInput = {
  platform: 'xiaohongshu',
  accountName: '小林下厨房',
  niche: '美食',
  followers: 3200,
  bio: '上班族，下班后做饭',
  recentTitles: ['3分钟搞定番茄炒蛋', '为什么你炒的肉总是老？'],
  goal: '半年涨粉到十万，开始带货',
};

const scriptText = (s: ScriptDraft) =>
  [
    s.title,
    s.hook,
    s.twist ?? '',
    s.cta,
    s.coverText,
    ...s.tags,
    ...s.scenes.flatMap((x) => [x.shot, x.visual, x.line]),
  ].join('');

/** Share of Han characters among letters and digits: Chinese text, not placeholders or English. */
function cjkShare(text: string): number {
  const letters = text.match(/[\p{L}\p{N}]/gu) ?? [];
  const han = text.match(/\p{Script=Han}/gu) ?? [];
  return han.length / Math.max(1, letters.length);
}

describe('builtin scripts', () => {
  for (const templateId of TEMPLATE_IDS) {
    for (const twist of TWISTS) {
      it(`${templateId} × ${twist}: valid, Chinese, on time, twist where planned`, async () => {
        const draft = await provider.generateScript(task({ templateId, twist }));
        expect(scriptDraftSchema.parse(draft)).toEqual(draft);
        const text = scriptText(draft);
        expect(cjkShare(text)).toBeGreaterThan(0.9);
        expect(text).not.toMatch(/[{}]/);
        expect(draft.title.includes('年终述职') || draft.hook.includes('年终述职')).toBe(true);

        const plan = planTwist(templateId, twist, 60);
        expect(draft.scenes).toHaveLength(plan.sceneCount);
        if (twist === 'none') {
          expect(draft.twist).toBeNull();
          return;
        }
        expect(draft.twist).toMatch(twist === 'strong' ? /第一次反转.*第二次反转/ : /反转.*伏笔/);
        // The scene that starts at each planned reversal carries the reversal the twist field describes.
        for (const reversal of plan.reversals) {
          let t = 0;
          const scene = draft.scenes.find((s) => {
            const hit = t === reversal.atSec;
            t += s.durationSec;
            return hit;
          });
          expect(scene).toBeDefined();
          expect(draft.twist).toContain(scene?.line.slice(0, 12));
        }
      });
    }
  }

  it('keeps the scene durations within ±20% of the asked length', async () => {
    for (const durationSec of [15, 60, 180]) {
      for (const templateId of TEMPLATE_IDS) {
        const draft = await provider.generateScript(task({ templateId, twist: 'strong', durationSec }));
        const total = draft.scenes.reduce((s, x) => s + x.durationSec, 0);
        expect(Math.abs(total - durationSec)).toBeLessThanOrEqual(durationSec * 0.2);
      }
    }
  });

  it('gives strong twists two reversals and a misleading setup, light one', async () => {
    const strong = await provider.generateScript(task({ templateId: 'juqing', twist: 'strong' }));
    expect(strong.twist?.match(/反转（/g)).toHaveLength(2);
    expect(strong.twist).toContain('误导铺垫');
    const light = await provider.generateScript(task({ templateId: 'juqing', twist: 'light' }));
    expect(light.twist?.match(/反转（/g)).toHaveLength(1);
  });

  it('is deterministic for a seed, and differs for another seed or variant', async () => {
    const a = await provider.generateScript(task(), { seed: 7 });
    const b = await provider.generateScript(task(), { seed: 7 });
    expect(b).toEqual(a);
    const otherSeed = await provider.generateScript(task(), { seed: 8 });
    expect(otherSeed).not.toEqual(a);
    const variants = await Promise.all(
      [0, 1, 2].map((variantIndex) => provider.generateScript(task({ variantIndex }), { seed: 7 })),
    );
    expect(new Set(variants.map((v) => v.title)).size).toBe(3);
    expect(new Set(variants.map((v) => scriptText(v))).size).toBe(3);
  });

  it('uses the persona it is given', async () => {
    const persona = await provider.analyzePersona({ ...personaInput, niche: '钓鱼' });
    const draft = await provider.generateScript(task({ topic: '新手第一次夜钓', persona }));
    expect(scriptText(draft)).toContain('钓鱼');
  });
});

describe('builtin persona', () => {
  it('is valid, Chinese and names the niche', async () => {
    const persona = await provider.analyzePersona(personaInput);
    expect(personaDraftSchema.parse(persona)).toEqual(persona);
    const p = persona;
    const text = [
      p.name,
      p.positioning,
      p.audience,
      p.tone,
      p.monetization,
      ...p.tags,
      ...p.pillars,
      ...p.titleFormulas,
    ].join('');
    expect(text).toContain('美食');
    expect(cjkShare(text)).toBeGreaterThan(0.9);
    expect(text).not.toMatch(/[{}]/);
  });

  it('moves the radar with what the account shows', async () => {
    const small = await provider.analyzePersona({ ...personaInput, followers: 50, goal: '记录生活' });
    const big = await provider.analyzePersona({
      ...personaInput,
      followers: 500_000,
      goal: '开橱窗带货变现',
    });
    expect(big.radar.转化力).toBeGreaterThan(small.radar.转化力 + 10);
    const expert = await provider.analyzePersona({ ...personaInput, bio: '十年经验的持证营养师' });
    const plain = await provider.analyzePersona({ ...personaInput, bio: '' });
    expect(expert.radar.专业度).toBeGreaterThan(plain.radar.专业度);
  });
});

describe('builtin streaming', () => {
  it('streams readable text in several chunks before resolving', async () => {
    const deltas: string[] = [];
    const draft = await provider.generateScript(task(), { onDelta: (d) => deltas.push(d) });
    const streamed = deltas.join('');
    expect(deltas.length).toBeGreaterThan(20);
    expect(Math.max(...deltas.map((d) => [...d].length))).toBeLessThanOrEqual(5);
    expect(streamed).toContain(draft.title);
    expect(streamed).toContain(draft.scenes[1]?.line ?? '');
    expect(streamed).not.toMatch(/[{}"]/);
  });

  it('yields between chunks even at pace 0, and waits paceMs when set', async () => {
    let resolved = false;
    const seen: boolean[] = [];
    const run = provider
      .suggest({ kind: 'hooks', count: 2, topic: '减脂' }, { onDelta: () => seen.push(resolved) })
      .then(() => {
        resolved = true;
      });
    await new Promise((r) => setImmediate(r));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(5); // not all at once: the provider yielded
    await run;

    const paced = new BuiltinProvider({ paceMs: 10 });
    let chunks = 0;
    const started = Date.now();
    await paced.suggest({ kind: 'hooks', count: 1, topic: '减脂' }, { onDelta: () => chunks++ });
    expect(Date.now() - started).toBeGreaterThanOrEqual((chunks - 1) * 10 * 0.8);
  });

  it('stops with an aborted GenerationError when the signal fires', async () => {
    const controller = new AbortController();
    const run = provider.generateScript(task(), {
      signal: controller.signal,
      onDelta: () => controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ name: 'GenerationError', code: 'aborted' });

    const already = AbortSignal.abort();
    await expect(provider.analyzePersona(personaInput, { signal: already })).rejects.toBeInstanceOf(
      GenerationError,
    );
  });
});
