import type { Generation, Script } from '@app/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { QUALITY_REPAIR_INSTRUCTION } from '../../src/generation/openai/prompts/repair-prompt.ts';
import { fakeOpenAI } from '../helpers/fake-openai.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { grant, startGeneration, waitFinished } from './creation-helpers.ts';

const TOPIC = '离职前一定要办的五件事';

/** A model's answer that is valid JSON but breaks the topic's promise and leaves a placeholder. */
const broken = {
  title: TOPIC,
  hook: '离职前这几件事一定要办。',
  scenes: [
    {
      shot: '近景',
      visual: '博主收拾纸箱',
      line: '离职前这几件事一定要办，不然走了以后还得回头找公司。',
      durationSec: 6,
    },
    {
      shot: '特写',
      visual: '离职证明',
      line: '第一件，开好离职证明，当场核对入职日期和离职日期，写错一个字都要当场改，别等新公司来问。',
      durationSec: 10,
    },
    {
      shot: '中景',
      visual: '交接清单',
      line: '第二件，写一份交接清单，项目、文件和对接人写清楚，让接手的同事签字，【此处补充你的经历】。',
      durationSec: 10,
    },
    {
      shot: '近景',
      visual: '博主挥手',
      line: '你离职的时候漏过哪件事？评论区说说，关注我，下期聊年假怎么折算。',
      durationSec: 6,
    },
  ],
  twist: null,
  cta: '你离职的时候漏过哪件事？评论区说说，关注我，下期聊年假怎么折算。',
  tags: ['离职', '职场'],
  coverText: '离职五件事',
};

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

describe('the quality gate on generated scripts', () => {
  it('the built-in engine delivers three versions that pass it', async () => {
    const t = await createTestApp();
    apps.push(t);
    const user = await t.signIn();
    await grant(t, user, 5);
    const id = await startGeneration(t, user, { topic: TOPIC, variants: 3 });
    const generation = (await waitFinished(t, user, id)) as Generation;
    expect(generation.status).toBe('done');
    expect(generation.scripts).toHaveLength(3);
    for (const script of generation.scripts) {
      expect(script.findings).toEqual([]);
      expect(script.scenes.map((s) => s.line).join('')).toMatch(/第一件[\s\S]*第五件/);
    }
    expect(new Set(generation.scripts.map((s) => s.title)).size).toBe(3);
  });

  it('a model’s script that fails it is sent back once, then delivered with what is left, in Chinese', async () => {
    const llm = await fakeOpenAI([{ text: JSON.stringify(broken) }, { text: JSON.stringify(broken) }]);
    const t = await createTestApp({ LLM_MODE: 'openai', LLM_BASE_URL: llm.baseURL, LLM_MODEL: 'fake' });
    apps.push(t);
    try {
      const user = await t.signIn();
      await grant(t, user, 1);
      const id = await startGeneration(t, user, { topic: TOPIC, durationSec: 32 });
      const generation = (await waitFinished(t, user, id)) as Generation;
      expect(generation.status).toBe('done');
      const [script] = generation.scripts as [Script];
      const codes = script.findings.map((f) => f.code);
      expect(codes).toEqual(expect.arrayContaining(['promise', 'placeholder']));
      expect(script.findings.find((f) => f.code === 'promise')?.message).toContain('五件事');

      expect(llm.requests).toHaveLength(2);
      const repair = llm.requests[1]?.messages.at(-1)?.content ?? '';
      expect(repair).toContain(QUALITY_REPAIR_INSTRUCTION);
      expect(repair).toContain('第一件到第五件');

      // The owner fixes the lines and confirms: the script is checked again.
      const items = [
        '开好离职证明，当场核对日期',
        '算清最后一笔工资和加班费',
        '把没休完的年假休掉',
        '写交接清单让同事签字',
        '问清社保交到哪个月',
      ];
      const scenes = [
        { shot: '近景', visual: '博主收拾纸箱', line: '离职前这五件事，一件都别漏。', durationSec: 3 },
        ...items.map((item, i) => ({
          shot: '特写',
          visual: '字幕',
          line: `第${'一二三四五'[i]}件，${item}。`,
          durationSec: 3,
        })),
        { shot: '近景', visual: '博主挥手', line: '关注我，下期聊年假怎么折算。', durationSec: 3 },
      ];
      const confirmed = await t.call<Script>({
        method: 'POST',
        url: '/api/v1/script/confirm',
        token: user.token,
        payload: { scriptId: script.id, edits: { scenes } },
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.data.findings.map((f) => f.code)).not.toContain('promise');
      expect(confirmed.body.data.findings.map((f) => f.code)).not.toContain('placeholder');
    } finally {
      await llm.close();
    }
  });
});
