import { connect } from 'node:net';
import type { Generation, Persona, PersonaAnalyzeInput } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { grant, readWholeStream, startGeneration } from './creation-helpers.ts';
import { fundAvailable } from './referral.fixtures.ts';

const HAN = /\p{Script=Han}/u;
const ENGLISH = /Invalid|expected|received|Unrecognized|Bad Request|Not Found|Error|Unsupported/;

const analyzeInput: PersonaAnalyzeInput = {
  platform: 'douyin',
  accountName: '小厨阿满',
  niche: '美食',
  recentTitles: ['打工人 10 元早餐'],
  goal: '三个月涨粉一万',
};

/** A 4xx in the envelope whose Chinese message names `field`. */
function expectRefused(
  res: { status: number; body: { success: boolean; data: unknown; message: string } },
  field: string,
) {
  expect(res.status, res.body.message).toBe(400);
  expect(res.body).toMatchObject({ success: false, data: null });
  expect(res.body.message).toContain(field);
  expect(res.body.message).toMatch(HAN);
  expect(res.body.message).not.toMatch(ENGLISH);
}

describe('bad input', () => {
  let t: TestApp;
  let user: TestUser;
  let persona: Persona;
  let scriptId: string;

  beforeAll(async () => {
    t = await createTestApp({ GENERATION_RATE_PER_MIN: '1000' });
    user = await t.signIn({ nickname: '坏输入' });
    await grant(t, user, 50);
    const analyzed = await t.call<Persona>({
      method: 'POST',
      url: '/api/v1/persona/analyze',
      token: user.token,
      payload: analyzeInput,
    });
    expect(analyzed.status, analyzed.body.message).toBe(200);
    persona = analyzed.body.data;
    const id = await startGeneration(t, user);
    await readWholeStream(t, user, id);
    const generation = await t.call<Generation>({
      method: 'GET',
      url: `/api/v1/creator/${id}`,
      token: user.token,
    });
    scriptId = generation.body.data.scripts[0]?.id ?? '';
    expect(scriptId).not.toBe('');
    await fundAvailable(t, user, 5000);
  });
  afterAll(() => t.close());

  describe('NUL and lone surrogates in text are a 400 naming the field', () => {
    // Each was a 500 (PostgreSQL refuses NUL; a lone surrogate has no UTF-8 form) or, in the
    // persona analysis, a 502 after charging and refunding.
    const cases: Array<
      [string, (bad: string) => { method: 'POST' | 'PATCH'; url: string; payload: object }, string]
    > = [
      [
        'persona rename',
        (bad) => ({ method: 'PATCH', url: `/api/v1/persona/${persona.id}`, payload: { name: `新${bad}名` } }),
        'name',
      ],
      [
        'persona analyze',
        (bad) => ({
          method: 'POST',
          url: '/api/v1/persona/analyze',
          payload: { ...analyzeInput, niche: `美${bad}食` },
        }),
        'niche',
      ],
      [
        'script confirm',
        (bad) => ({
          method: 'POST',
          url: '/api/v1/script/confirm',
          payload: { scriptId, edits: { title: `标题${bad}` } },
        }),
        'edits.title',
      ],
      [
        'generate',
        (bad) => ({
          method: 'POST',
          url: '/api/v1/creator/generate',
          payload: {
            topic: `早餐${bad}`,
            templateId: 'koubo',
            twist: 'none',
            platform: 'douyin',
            durationSec: 60,
            variants: 1,
          },
        }),
        'topic',
      ],
      [
        'withdraw',
        (bad) => ({
          method: 'POST',
          url: '/api/v1/withdraw/add',
          payload: { amountCents: 1000, realName: `张${bad}三` },
        }),
        'realName',
      ],
      [
        'topic collect',
        (bad) => ({
          method: 'POST',
          url: '/api/v1/topic/collect',
          payload: { topicId: `t${bad}`, collect: true },
        }),
        'topicId',
      ],
    ];
    for (const [name, request, field] of cases) {
      for (const [kind, bad] of [
        ['NUL', '\u0000'],
        ['lone high surrogate', '\ud83d'],
        ['lone low surrogate', '\ude00'],
      ] as const) {
        it(`${name}: ${kind}`, async () => {
          const res = await t.call({ ...request(bad), token: user.token });
          expectRefused(res, field);
        });
      }
    }

    it('a whole emoji (a surrogate pair) is text like any other', async () => {
      const res = await t.call<Persona>({
        method: 'PATCH',
        url: `/api/v1/persona/${persona.id}`,
        token: user.token,
        payload: { name: '美食😀人设' },
      });
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data.name).toBe('美食😀人设');
    });

    it('in a query and a path parameter too', async () => {
      expectRefused(
        await t.call({ method: 'GET', url: '/api/v1/topic/hot?category=%00', token: user.token }),
        'category',
      );
      expectRefused(await t.call({ method: 'GET', url: '/api/v1/persona/a%00b', token: user.token }), 'id');
    });
  });

  describe('router-level errors answer the envelope in Chinese', () => {
    it('a bad %-escape in a path parameter', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/persona/%ZZ',
        headers: { 'x-request-id': 'bad-url-1' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['x-request-id']).toBe('bad-url-1');
      expect(res.json()).toEqual({ success: false, data: null, message: '请求地址有误：含有无法识别的编码' });
    });

    it('a path parameter over the length limit', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/creator/${'a'.repeat(500)}` });
      expect(res.statusCode).toBe(414);
      expect(res.headers['x-request-id']).toEqual(expect.any(String));
      expect(res.json()).toEqual({ success: false, data: null, message: '请求地址过长' });
    });

    it('HTTP that cannot be parsed at all', async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk.toString('utf8');
        });
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
        socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
      });
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400 /);
      expect(head).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(body)).toEqual({ success: false, data: null, message: '请求格式有误，无法识别' });
    });
  });

  describe('validation messages are Chinese and name the field', () => {
    const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      t.call({
        method: 'POST',
        url,
        token: user.token,
        headers,
        ...(payload === undefined ? {} : { payload: payload as string }),
      });

    it.each([
      ['missing body', () => post('/api/v1/withdraw/add'), '请求内容缺失或格式不对，请以 JSON 对象提交'],
      ['an array body', () => post('/api/v1/withdraw/add', []), '请求内容缺失或格式不对，请以 JSON 对象提交'],
      [
        'an unknown key',
        () => post('/api/v1/withdraw/add', { amountCents: 1000, realName: '张三', vip: 1 }),
        '不支持的参数：vip',
      ],
      [
        'an unknown nested key',
        () => post('/api/v1/script/confirm', { scriptId, edits: { colour: 'red' } }),
        '参数 edits 有误：不支持的参数：colour',
      ],
      [
        'a wrong enum',
        () => post('/api/v1/limit/check', { action: 'hack' }),
        '参数 action 有误：操作类型只能是人设分析、脚本生成或创作建议',
      ],
      [
        'a wrong type without a message of its own',
        () => post('/api/v1/internal/add', { userId: 5, approve: true }),
        '参数 userId 有误：用户编号有误',
      ],
      [
        'too long',
        () => post('/api/v1/persona/analyze', { ...analyzeInput, niche: '美'.repeat(31) }),
        '参数 niche 有误：账号领域最多 30 个字',
      ],
      [
        'a nested scene too short',
        () =>
          post('/api/v1/script/confirm', {
            scriptId,
            edits: { scenes: [{ shot: '近景', visual: '画', line: '', durationSec: 0 }] },
          }),
        '参数 edits.scenes.0.durationSec 有误：镜头时长至少 1 秒（另有 1 处问题）',
      ],
      [
        'a number as text in the query',
        () => t.call({ method: 'GET', url: '/api/v1/persona/list?page=abc', token: user.token }),
        '参数 page 有误：页码必须是数字',
      ],
      [
        'an unknown query key',
        () => t.call({ method: 'GET', url: '/api/v1/persona/list?sort=new', token: user.token }),
        '不支持的参数：sort',
      ],
      [
        'invalid JSON',
        () => post('/api/v1/withdraw/add', '{"amountCents":', { 'content-type': 'application/json' }),
        '请求内容不是有效的 JSON，或含有不允许的字段（如 __proto__）',
      ],
      [
        'a __proto__ key',
        () => post('/api/v1/withdraw/add', '{"__proto__":{"x":1}}', { 'content-type': 'application/json' }),
        '请求内容不是有效的 JSON，或含有不允许的字段（如 __proto__）',
      ],
      [
        'another content type',
        () => post('/api/v1/withdraw/add', '<a/>', { 'content-type': 'application/xml' }),
        '不支持的请求格式，请以 JSON 提交',
      ],
    ])('%s', async (_, send, message) => {
      const res = await send();
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toEqual({ success: false, data: null, message });
    });

    it.each([
      ['a missing field', { amountCents: 1000 }, '参数 realName 有误：请填写收款人真实姓名'],
      [
        'a field of the wrong type',
        { amountCents: 1000, realName: ['张三'] },
        '参数 realName 有误：请填写收款人真实姓名',
      ],
    ])('%s', async (_, payload, message) => {
      expect((await post('/api/v1/withdraw/add', payload)).body.message).toMatch(new RegExp(`^${message}`));
    });

    it.each([
      ['an object of the wrong type', { edits: 'x' }, '参数 edits 有误：必须是 JSON 对象'],
      ['a list of the wrong type', { edits: { scenes: 5 } }, '参数 edits.scenes 有误：必须是列表'],
      ['a wrong literal', { edits: { scenes: null } }, '参数 edits.scenes 有误：必须是列表'],
    ])('zod defaults read as Chinese where a schema has no message: %s', async (_, payload, message) => {
      const res = await post('/api/v1/script/confirm', { scriptId, ...payload });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });
  });

  describe('persona analysis succeeds for any valid niche', () => {
    const niches = [
      'a'.repeat(21),
      'x'.repeat(30),
      'python programming tutorials',
      'home cooking for office workers'.slice(0, 30),
      'abcdefghijklmnopqrstuvwxyz0123',
      `${'a'.repeat(19)}😀bbb`,
      `${'a'.repeat(18)}日常`,
    ];
    it.each(niches)('niche %j', async (niche) => {
      const res = await t.call<Persona>({
        method: 'POST',
        url: '/api/v1/persona/analyze',
        token: user.token,
        payload: { ...analyzeInput, niche, accountName: 'acct', recentTitles: [] },
      });
      expect(res.status, res.body.message).toBe(200);
      const { tags } = res.body.data;
      expect(tags.length).toBeGreaterThanOrEqual(3);
      expect(new Set(tags).size, `distinct tags: ${tags.join(' / ')}`).toBe(tags.length);
      for (const tag of tags) {
        expect(tag.length).toBeLessThanOrEqual(20);
        expect(Buffer.from(tag).toString(), 'no half of a surrogate pair').toBe(tag);
      }
      // A long field gives a tag of its whole words, not one cut mid-word.
      if (niche === 'python programming tutorials') expect(tags).toContain('python programming');
    });
  });
});
