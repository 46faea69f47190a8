import type { PersonaAnalyzeInput, ScriptDraft } from '@app/contract/generation';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeOpenAI, type Reply } from '../../../test/helpers/fake-openai.ts';
import { GenerationError, type ScriptTask } from '../generation-provider.ts';
import { OpenAIProvider } from './openai-provider.ts';
import { QUALITY_REPAIR_INSTRUCTION, REPAIR_INSTRUCTION } from './prompts/repair-prompt.ts';

/** A script that passes the quality gate: on topic, every line at a natural pace, 60 s in all. */
const GOOD: ScriptDraft = {
  title: '年终述职别再念流水账',
  hook: '述职念流水账，等于白干一年。',
  scenes: [
    { shot: '近景', visual: '博主拿着一沓述职稿', line: '述职念流水账，等于白干一年。', durationSec: 3 },
    {
      shot: '中景',
      visual: '会议室里领导翻着材料',
      line: '领导听述职，只关心三件事：你做成了什么，带来了什么结果，明年打算怎么干。',
      durationSec: 9,
    },
    {
      shot: '特写',
      visual: '白板写出三件大事和数字',
      line: '第一步，先把全年做成的三件大事挑出来，每件配一个数字，比如把客户续约率从七成提到了九成。',
      durationSec: 11,
    },
    {
      shot: '中景',
      visual: '博主划掉稿子里的形容词',
      line: '第二步，别讲自己多辛苦，讲这件事给团队省了多少时间、多少钱。',
      durationSec: 7,
    },
    {
      shot: '近景',
      visual: '笔记本上列着三条计划',
      line: '第三步，明年的计划写成三条，每条都能在季度末检查完成了没有。',
      durationSec: 7,
    },
    {
      shot: '特写',
      visual: '手机秒表在走',
      line: '述职稿写完，自己掐表念一遍，五分钟以内讲完，重点放在前两分钟。',
      durationSec: 8,
    },
    {
      shot: '中景',
      visual: '博主对照表格核对数字',
      line: '最后提醒一句，数字要和平时的汇报对得上，领导手里都有原始记录。',
      durationSec: 8,
    },
    {
      shot: '近景',
      visual: '博主微笑指向评论区',
      line: '你的述职稿写好了吗？关注我，评论区发你的述职大纲，我帮你看。',
      durationSec: 7,
    },
  ],
  twist: '第45秒反转：以为要讲加班，其实要讲结果',
  cta: '你的述职稿写好了吗？关注我，评论区发你的述职大纲，我帮你看。',
  tags: ['职场', '年终述职'],
  coverText: '述职三句话',
};

const task: ScriptTask = {
  topic: '年终述职怎么写',
  templateId: 'koubo',
  twist: 'light',
  platform: 'douyin',
  durationSec: 60,
  variantIndex: 1,
};

let server: Awaited<ReturnType<typeof fakeOpenAI>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function providerFor(replies: Reply[], timeoutMs = 5000) {
  server = await fakeOpenAI(replies);
  return new OpenAIProvider({ baseURL: server.baseURL, apiKey: 'sk-test', model: 'fake-model', timeoutMs });
}

describe('OpenAIProvider', () => {
  it('assembles a streamed script and shows it as readable text while it arrives', async () => {
    const provider = await providerFor([{ text: JSON.stringify(GOOD) }]);
    const deltas: string[] = [];
    const draft = await provider.generateScript(task, { onDelta: (d) => deltas.push(d) });
    expect(draft).toEqual(GOOD);

    const request = server?.requests[0];
    expect(request?.model).toBe('fake-model');
    expect(request?.stream).toBe(true);
    expect(request?.response_format).toEqual({ type: 'json_object' });
    const prompt = request?.messages.map((m) => m.content).join('\n') ?? '';
    expect(prompt).toContain('年终述职怎么写');
    expect(prompt).toContain('反转揭晓'); // the twist plan is part of the prompt
    expect(prompt).toContain('第 2 个版本');

    expect(deltas.length).toBeGreaterThan(5);
    const streamed = deltas.join('');
    expect(streamed).toContain('标题：年终述职别再念流水账');
    expect(streamed).toContain('【镜头3】');
    expect(streamed).toContain('台词：第一步，先把全年做成的三件大事挑出来');
    for (const d of deltas) expect(d).not.toMatch(/[{}"]/);
  });

  it('accepts JSON wrapped in fences and prose by endpoints that ignore response_format', async () => {
    const provider = await providerFor([
      { text: `好的，脚本如下：\n\`\`\`json\n${JSON.stringify(GOOD, null, 2)}\n\`\`\`` },
    ]);
    expect(await provider.generateScript(task)).toEqual(GOOD);
  });

  it('retimes scenes from their lines when the model gets the seconds wrong, without a repair round', async () => {
    const long = { ...GOOD, scenes: GOOD.scenes.map((s) => ({ ...s, durationSec: s.durationSec * 3 })) };
    const provider = await providerFor([{ text: JSON.stringify(long) }]);
    const draft = await provider.generateScript(task);
    expect(draft.scenes.reduce((sum, s) => sum + s.durationSec, 0)).toBe(60);
    for (const scene of draft.scenes) {
      const rate = scene.line.replace(/[^\p{L}\p{N}]/gu, '').length / scene.durationSec;
      expect(rate).toBeGreaterThanOrEqual(3);
      expect(rate).toBeLessThanOrEqual(5);
    }
    expect(draft.scenes.map((s) => s.line)).toEqual(GOOD.scenes.map((s) => s.line));
    expect(server?.requests).toHaveLength(1);
  });

  it('sends a script that breaks its promise back once with each problem spelled out', async () => {
    const fiveTask: ScriptTask = { ...task, topic: '离职前一定要办的五件事', twist: 'none' };
    const two = {
      ...GOOD,
      title: '离职前一定要办的五件事',
      hook: '离职前这几件事一定要办。',
      twist: null,
      scenes: [
        { shot: '近景', visual: '博主收拾纸箱', line: '离职前这几件事一定要办。', durationSec: 3 },
        {
          shot: '特写',
          visual: '离职证明',
          line: '第一件，开好离职证明，当场核对入职和离职日期，错一个字都不行。',
          durationSec: 26,
        },
        {
          shot: '中景',
          visual: '交接清单',
          line: '第二件，写一份交接清单，让接手的同事签字，【此处补充你的经历】。',
          durationSec: 27,
        },
        { shot: '近景', visual: '博主挥手', line: '关注我，下期见。', durationSec: 4 },
      ],
    };
    const five = {
      ...two,
      scenes: [
        { shot: '近景', visual: '博主收拾纸箱', line: '离职前这五件事一定要办。', durationSec: 3 },
        ...[
          '开好离职证明，当场核对日期',
          '算清最后一笔工资和加班费',
          '没休完的年假提前休掉',
          '写一份交接清单让接手的人签字',
          '问清社保和公积金交到哪个月',
        ].map((item, i) => ({
          shot: '特写',
          visual: '字幕列出要点',
          line: `第${'一二三四五'[i]}件，${item}。这一步最容易忘，人走了再回头找公司就麻烦了。`,
          durationSec: 10,
        })),
        { shot: '近景', visual: '博主挥手', line: '关注我，下期聊年假。', durationSec: 2 },
      ],
    };
    const provider = await providerFor([{ text: JSON.stringify(two) }, { text: JSON.stringify(five) }]);
    const deltas: string[] = [];
    const draft = await provider.generateScript(fiveTask, { onDelta: (d) => deltas.push(d) });
    expect(draft.scenes.filter((s) => /^第[一二三四五]件/.test(s.line))).toHaveLength(5);
    expect(server?.requests).toHaveLength(2);
    const repair = server?.requests[1]?.messages.at(-1)?.content ?? '';
    expect(repair).toContain(QUALITY_REPAIR_INSTRUCTION);
    expect(repair).toContain('五件事');
    expect(repair).toContain('此处');
    expect(deltas.join('')).toContain('自检发现');
    // The first request already told the model what the topic promises.
    expect(server?.requests[0]?.messages.at(-1)?.content).toContain('正好列出 5 件');
  });

  it('delivers the better script when the repair does not fix everything, and keeps it when the repair fails', async () => {
    const offTopic = {
      ...GOOD,
      scenes: GOOD.scenes.map((s, i) =>
        i === 3 ? { ...s, line: '顺便说说空气炸锅烤红薯，十分钟就能流糖心。' } : s,
      ),
    };
    const worse = {
      ...offTopic,
      scenes: offTopic.scenes.map((s) => ({ ...s, line: `${s.line}【待补充】` })),
    };
    let provider = await providerFor([{ text: JSON.stringify(offTopic) }, { text: JSON.stringify(worse) }]);
    expect((await provider.generateScript(task)).scenes[3]?.line).toContain('空气炸锅');
    await server?.close();
    provider = await providerFor([{ text: JSON.stringify(offTopic) }, { status: 400 }]);
    expect((await provider.generateScript(task)).scenes[3]?.line).toContain('空气炸锅');
  });

  it('repairs a malformed answer once, sending the problem back', async () => {
    const provider = await providerFor([
      { text: '{"title": "年终述职", "scenes": [' },
      { text: JSON.stringify(GOOD) },
    ]);
    expect(await provider.generateScript(task)).toEqual(GOOD);
    expect(server?.requests).toHaveLength(2);
    const retry = server?.requests[1]?.messages ?? [];
    expect(retry.at(-2)).toEqual({ role: 'assistant', content: '{"title": "年终述职", "scenes": [' });
    expect(retry.at(-1)?.content).toContain(REPAIR_INSTRUCTION);
    expect(retry.at(-1)?.content).toContain('不完整');
  });

  it('repairs an answer that drops the twist it was asked for', async () => {
    const provider = await providerFor([
      { text: JSON.stringify({ ...GOOD, twist: null }) },
      { text: JSON.stringify(GOOD) },
    ]);
    expect((await provider.generateScript(task)).twist).toBe(GOOD.twist);
    expect(server?.requests[1]?.messages.at(-1)?.content).toContain('twist 字段不能为 null');
  });

  it('gives up with invalid_output after a second bad answer', async () => {
    const provider = await providerFor([
      { text: '我不会写 JSON' },
      { text: JSON.stringify({ ...GOOD, scenes: [] }) },
    ]);
    const error = await provider.generateScript(task).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GenerationError);
    expect((error as GenerationError).code).toBe('invalid_output');
    expect((error as GenerationError).message).toMatch(/修正/);
    expect(server?.requests).toHaveLength(2);
  });

  it('retries a 429 and then succeeds', async () => {
    const provider = await providerFor([
      { status: 429, headers: { 'retry-after-ms': '10' } },
      { text: JSON.stringify(GOOD) },
    ]);
    expect(await provider.generateScript(task)).toEqual(GOOD);
    expect(server?.requests).toHaveLength(2);
  });

  it('reports upstream when the endpoint keeps failing', async () => {
    const provider = await providerFor([
      { status: 503, headers: { 'retry-after-ms': '1' } },
      { status: 503, headers: { 'retry-after-ms': '1' } },
      { status: 503, headers: { 'retry-after-ms': '1' } },
    ]);
    await expect(provider.generateScript(task)).rejects.toMatchObject({ code: 'upstream' });
    expect(server?.requests).toHaveLength(3); // the first try and two retries
  });

  it('times out a hung upstream within the configured timeout', async () => {
    const provider = await providerFor([{ hang: true }, { hang: true }, { hang: true }], 300);
    const started = Date.now();
    const error = await provider.generateScript(task).catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(GenerationError);
    expect((error as GenerationError).code).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(800);
  });

  it('stops when the caller aborts', async () => {
    const provider = await providerFor([{ hang: true }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(provider.generateScript(task, { signal: controller.signal })).rejects.toMatchObject({
      code: 'aborted',
    });
  });

  it('validates personas and suggestions against the contract too', async () => {
    const persona = {
      name: '小林｜下班后的家常菜',
      positioning: '帮打工人半小时做好一顿饭',
      audience: '一二线城市的上班族',
      tags: ['美食', '家常菜', '快手菜'],
      tone: '真诚、轻松',
      pillars: ['十分钟快手菜', '避坑系列', '粉丝答疑'],
      titleFormulas: ['数字型', '提问型', '反常识型'],
      monetization: '先做内容，再接厨具带货',
      radar: { 专业度: 60, 亲和力: 80, 娱乐性: 55, 稀缺性: 40, 转化力: 70 },
    };
    const suggestions = {
      suggestions: [
        { text: '年终述职三句话', reason: '数字降低门槛' },
        { text: '述职别念流水账', reason: '否定式开头' },
      ],
    };
    const provider = await providerFor([
      { text: JSON.stringify(persona) },
      { text: JSON.stringify(suggestions) },
    ]);
    const input: PersonaAnalyzeInput = {
      platform: 'douyin',
      accountName: '小林',
      niche: '美食',
      recentTitles: [],
      goal: '涨粉',
    };
    const deltas: string[] = [];
    expect(await provider.analyzePersona(input, { onDelta: (d) => deltas.push(d) })).toEqual(persona);
    expect(deltas.join('')).toContain('人设名称：小林｜下班后的家常菜');
    expect(await provider.suggest({ kind: 'titles', count: 1, topic: '年终述职' })).toEqual([
      suggestions.suggestions[0],
    ]);
  });
});
