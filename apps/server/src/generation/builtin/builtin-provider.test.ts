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
import { scriptFindings } from '../quality/quality-gate.ts';
import { similarity } from '../quality/script-checks.ts';
import { BuiltinProvider } from './builtin-provider.ts';

const TEMPLATE_IDS: TemplateId[] = ['koubo', 'juqing', 'daihuo', 'kepu', 'vlog', 'tandian'];
const TWISTS: Twist[] = ['none', 'light', 'strong'];
const provider = new BuiltinProvider();

const task = (over: Partial<ScriptTask> = {}): ScriptTask => ({
  topic: '离职前一定要办的五件事',
  templateId: 'koubo',
  twist: 'none',
  platform: 'douyin',
  durationSec: 60,
  variantIndex: 0,
  ...over,
});

const hr: PersonaAnalyzeInput = {
  platform: 'douyin',
  accountName: '小林说职场',
  niche: '职场',
  followers: 12000,
  bio: '外企HR十年，帮500+人改过简历，现在专注求职和职场沟通',
  recentTitles: ['离职前一定要办的五件事', 'HR不会告诉你的3个谈薪技巧'],
  goal: '半年涨粉到5万，接招聘平台的商单',
};

const lines = (s: ScriptDraft) => s.scenes.map((x) => x.line);
const said = (s: ScriptDraft) => [s.title, s.hook, s.coverText, s.cta, ...lines(s)].join('\n');

/** Share of Han characters among letters and digits: Chinese text, not placeholders or English. */
function cjkShare(text: string): number {
  const letters = text.match(/[\p{L}\p{N}]/gu) ?? [];
  const han = text.match(/\p{Script=Han}/gu) ?? [];
  return han.length / Math.max(1, letters.length);
}

/** Each reversal the 反转设计 names: the scene at its second says the element planted at the other. */
function reversals(s: ScriptDraft) {
  const startOf = new Map<number, string>();
  let t = 0;
  for (const scene of s.scenes) {
    startOf.set(t, scene.line);
    t += scene.durationSec;
  }
  return [...(s.twist ?? '').matchAll(/第(\d+)秒[^：]*：[^；]*?回扣第(\d+)秒埋下的「([^」]+)」/g)].map(
    ([, payoff, plant, element = '']) => ({
      element,
      planted: startOf.get(Number(plant))?.includes(element) ?? false,
      paidOff: startOf.get(Number(payoff))?.includes(element) ?? false,
      inOrder: Number(plant) < Number(payoff),
    }),
  );
}

describe('built-in scripts', () => {
  for (const templateId of TEMPLATE_IDS) {
    for (const twist of TWISTS) {
      it(`${templateId} × ${twist}: valid Chinese, exactly five items, passes the quality gate`, async () => {
        const t = task({ templateId, twist });
        const draft = await provider.generateScript(t);
        expect(scriptDraftSchema.parse(draft)).toEqual(draft);
        expect(cjkShare(said(draft))).toBeGreaterThan(0.9);
        expect(scriptFindings(draft, t)).toEqual([]);
        const items =
          lines(draft)
            .join('')
            .match(/第[一二三四五六七八九十]件/g) ?? [];
        expect([...new Set(items)]).toEqual(['第一件', '第二件', '第三件', '第四件', '第五件']);
        if (twist === 'none') {
          expect(draft.twist).toBeNull();
          return;
        }
        const found = reversals(draft);
        expect(found).toHaveLength(twist === 'strong' ? 2 : 1);
        for (const r of found) expect(r).toMatchObject({ planted: true, paidOff: true, inOrder: true });
      });
    }
  }

  it('fits fifteen seconds and three minutes at a natural pace', async () => {
    for (const durationSec of [15, 180]) {
      for (const templateId of TEMPLATE_IDS) {
        const t = task({
          templateId,
          durationSec,
          topic: '离职前要办哪些手续',
          twist: durationSec === 15 ? 'none' : 'light',
        });
        expect(scriptFindings(await provider.generateScript(t), t)).toEqual([]);
      }
    }
  });

  it('opens no two sentences of a three-minute script with the same lead-in', async () => {
    // Long scripts cycle through each group of connecting sentences more than once.
    const leadIns = (s: ScriptDraft) =>
      lines(s).flatMap((l) => l.split(/(?<=[。！？])/).map((x) => /^([^：，。]{2,8})：/.exec(x)?.[1] ?? ''));
    for (const [topic, templateId] of [
      ['一分钟看懂个税专项扣除', 'kepu'],
      ['冷门小城的人间烟火气', 'vlog'],
      ['初冬第一件羽绒服怎么选', 'daihuo'],
    ] as const) {
      const found = leadIns(
        await provider.generateScript(task({ topic, templateId, durationSec: 180 })),
      ).filter(Boolean);
      expect(found.length, topic).toBeGreaterThan(0);
      expect(found.length - new Set(found).size, `${topic}: ${found.join(' ')}`).toBe(0);
    }
  });

  it('says the true length instead of a promise the video cannot keep', async () => {
    const draft = await provider.generateScript(
      task({ topic: '一分钟看懂离职证明怎么开', templateId: 'kepu', durationSec: 180 }),
    );
    expect(said(draft)).not.toContain('一分钟');
    expect(draft.title).toContain('三分钟看懂离职证明');
  });

  it('writes three versions that differ in title, hook, twist and most of their words', async () => {
    for (const templateId of TEMPLATE_IDS) {
      const versions = await Promise.all(
        [0, 1, 2].map((variantIndex) =>
          provider.generateScript(task({ templateId, twist: 'light', variantIndex })),
        ),
      );
      for (const key of ['title', 'hook', 'twist'] as const)
        expect(new Set(versions.map((v) => v[key])).size).toBe(3);
      for (let i = 0; i < 3; i++) {
        for (let j = i + 1; j < 3; j++)
          expect(similarity(versions[i] as ScriptDraft, versions[j] as ScriptDraft)).toBeLessThanOrEqual(
            0.25,
          );
      }
    }
  });

  it('is deterministic for the same request', async () => {
    const a = await provider.generateScript(task(), { seed: 7 });
    expect(await provider.generateScript(task(), { seed: 7 })).toEqual(a);
  });

  it('writes an honest script about a topic it has no knowledge of, and nothing borrowed', async () => {
    for (const templateId of TEMPLATE_IDS) {
      const t = task({ topic: '新手第一次夜钓', templateId });
      const draft = await provider.generateScript(t);
      expect(scriptFindings(draft, t)).toEqual([]);
      const about = lines(draft).filter((l) => l.includes('夜钓'));
      expect(about.length / draft.scenes.length).toBeGreaterThanOrEqual(0.6);
    }
  });

  it('keeps every character whole where it shortens a title, tag or line (emoji included)', async () => {
    const topics = [
      '🍜🍜🍜🍜🍜🍜🍜🍜🍜🍜🍜🍜🍜🍜🍜一人食焖饭',
      '一人食焖饭😋😋😋😋😋😋😋😋😋😋😋😋',
      '夜钓🎣新手🎣第一次🎣装备🎣怎么选🎣才不踩坑',
    ];
    for (const topic of topics) {
      for (const templateId of TEMPLATE_IDS) {
        for (const twist of TWISTS) {
          const draft = await provider.generateScript(task({ topic, templateId, twist }));
          expect(scriptDraftSchema.safeParse(draft).success, `${topic} ${templateId} ${twist}`).toBe(true);
        }
      }
    }
  });

  it('never gives the creator years or a job the persona does not have', async () => {
    const persona = await provider.analyzePersona(hr);
    for (const templateId of TEMPLATE_IDS) {
      const text = said(await provider.generateScript(task({ templateId, persona })));
      expect(text).not.toMatch(/我(做|干|当)了?[一二三四五六七八九十\d]+年/);
    }
  });

  it('stops when aborted', async () => {
    const slow = new BuiltinProvider({ paceMs: 20 });
    const controller = new AbortController();
    const run = slow.generateScript(task(), { signal: controller.signal, onDelta: () => controller.abort() });
    await expect(run).rejects.toBeInstanceOf(GenerationError);
  });
});

describe('built-in personas', () => {
  it('keeps what the creator said about themselves, word for word, and adds no years of its own', async () => {
    const p = await provider.analyzePersona(hr);
    expect(personaDraftSchema.parse(p)).toEqual(p);
    const text = [p.name, p.positioning, p.monetization, ...p.tags].join('\n');
    for (const fact of ['小林说职场', '外企HR十年', '500+', '半年涨粉到5万']) expect(text).toContain(fact);
    expect(text.match(/[一二三四五六七八九十\d]+年/g)?.every((y) => y === '十年')).toBe(true);
  });

  it('builds pillars from what the account already makes', async () => {
    const p = await provider.analyzePersona(hr);
    expect(p.pillars.some((x) => x.includes('离职'))).toBe(true);
    expect(p.pillars.some((x) => x.includes('离职前一定要办的五件事'))).toBe(true);
    const night = await provider.analyzePersona({
      platform: 'xiaohongshu',
      accountName: '深夜食堂阿杰',
      niche: '美食',
      bio: '在杭州上班的程序员，下班后做夜宵',
      recentTitles: ['加班回家的泡面升级版'],
      goal: '涨粉',
    });
    expect([...night.pillars, ...night.titleFormulas].join('')).not.toMatch(/早餐|清晨|早市/);
  });

  it('works for a field it has no knowledge of, in the creator’s own terms', async () => {
    const p = await provider.analyzePersona({
      platform: 'kuaishou',
      accountName: '老李野钓',
      niche: '钓鱼',
      bio: '退休工人，野钓二十年',
      recentTitles: ['新手第一次夜钓'],
      goal: '交几个钓友',
    });
    expect(personaDraftSchema.parse(p)).toEqual(p);
    expect(p.pillars.every((x) => x.includes('钓'))).toBe(true);
    expect(p.name).toBe('老李野钓｜退休工人');
  });
});

describe('the engine’s own sentences', () => {
  it('name no subject of any subtopic: only the knowledge speaks about subjects', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { knowledge } = await import('../knowledge/load-knowledge.ts');
    const { buildLexicon } = await import('../quality/script-checks.ts');
    const lexicon = buildLexicon(knowledge()).words;
    const dirs = [new URL('.', import.meta.url).pathname, new URL('./compose', import.meta.url).pathname];
    const found: string[] = [];
    for (const dir of dirs) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
        const text = readFileSync(join(dir, file), 'utf8');
        for (const word of lexicon) if (text.includes(word)) found.push(`${file}：${word}`);
      }
    }
    expect(found).toEqual([]);
  });
});

describe('builtin provider: the closing line', () => {
  it('ends on another video, not this one put another way', async () => {
    for (const platform of ['douyin', 'xiaohongshu'] as const) {
      for (let variantIndex = 0; variantIndex < 3; variantIndex++) {
        const draft = await provider.generateScript(
          task({ topic: '面试被问缺点怎么答', templateId: 'kepu', platform, variantIndex }),
        );
        // "下期聊…" promises another video: it must not be this one's question again.
        const next = /下期(?:聊聊|聊|讲)(.+)/.exec(draft.cta)?.[1] ?? '';
        expect(next).not.toMatch(/被问缺点/);
      }
    }
  });
});
