import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PersonaAnalyzeInput, ScriptDraft } from '@app/contract/generation';
import { afterEach, describe, expect, it } from 'vitest';
import { GenerationError, type ScriptTask } from '../generation-provider.ts';
import { OpenAIProvider } from './openai-provider.ts';
import { REPAIR_INSTRUCTION } from './prompts/repair-prompt.ts';

/** What the fake endpoint does with one request: stream some text, fail with a status, or hang. */
type Reply = { text: string } | { status: number; headers?: Record<string, string> } | { hang: true };

interface ChatRequest {
  model: string;
  stream: boolean;
  response_format?: { type: string };
  messages: Array<{ role: string; content: string }>;
}

/** A minimal OpenAI-compatible /v1/chat/completions speaking the real SSE format. */
async function fakeOpenAI(replies: Reply[]) {
  const requests: ChatRequest[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    requests.push(JSON.parse(body) as ChatRequest);
    const reply = replies.shift() ?? { status: 500 };
    if ('hang' in reply) return; // never answers
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify({ error: { message: 'fake failure', type: 'server_error' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const frame = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'fake-model',
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    res.write(frame({ role: 'assistant', content: '' }, null));
    // Token-sized pieces, each its own SSE event, like a real model.
    for (let i = 0; i < reply.text.length; i += 6) {
      res.write(frame({ content: reply.text.slice(i, i + 6) }, null));
      await new Promise((r) => setImmediate(r));
    }
    res.write(frame({}, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

const GOOD: ScriptDraft = {
  title: '年终述职别再念流水账',
  hook: '述职念流水账，等于白干一年',
  scenes: [
    { shot: '近景', visual: '博主拿着一沓述职稿', line: '述职念流水账，等于白干一年', durationSec: 4 },
    { shot: '中景', visual: '会议室里领导皱眉', line: '领导想听的只有三件事', durationSec: 20 },
    {
      shot: '特写',
      visual: '白板写出结论、数据、计划',
      line: '先说结论，再说数据，最后说计划',
      durationSec: 26,
    },
    { shot: '近景', visual: '博主微笑', line: '关注我，下期讲涨薪', durationSec: 10 },
  ],
  twist: '第45秒反转：以为要讲加班，其实要讲结果',
  cta: '关注我，下期讲涨薪',
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
    expect(streamed).toContain('台词：先说结论，再说数据，最后说计划');
    for (const d of deltas) expect(d).not.toMatch(/[{}"]/);
  });

  it('accepts JSON wrapped in fences and prose by endpoints that ignore response_format', async () => {
    const provider = await providerFor([
      { text: `好的，脚本如下：\n\`\`\`json\n${JSON.stringify(GOOD, null, 2)}\n\`\`\`` },
    ]);
    expect(await provider.generateScript(task)).toEqual(GOOD);
  });

  it('scales scene durations that miss the asked length by more than 20%', async () => {
    const long = { ...GOOD, scenes: GOOD.scenes.map((s) => ({ ...s, durationSec: s.durationSec * 3 })) };
    const provider = await providerFor([{ text: JSON.stringify(long) }]);
    const draft = await provider.generateScript(task);
    const total = draft.scenes.reduce((sum, s) => sum + s.durationSec, 0);
    expect(Math.abs(total - 60)).toBeLessThanOrEqual(12);
    expect(draft.scenes.map((s) => s.line)).toEqual(GOOD.scenes.map((s) => s.line));
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
