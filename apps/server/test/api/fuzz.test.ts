import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Every operation the API documents, sent ~30 malformed variants of its input, anonymous, signed
 * in and as an admin: no answer may be a 5xx, every answer is the JSON envelope (errors with
 * success false and a Chinese message), and none takes longer than MAX_MS.
 *
 * Nothing is skipped. The streaming operations (GET /creator/{id}/stream, GET /order/{id}/events,
 * GET /user/qrcode?state=…) only stream for something that exists, which no variant names, so
 * they answer like any other. Two operations are HTML pages for a phone, not API calls
 * (PAGES below): for them the envelope is not asked, the rest is.
 */

const MAX_MS = 2000;
/** Fits under the 1 MiB body limit, so it reaches the schema (the 413 is its own variant). */
const LONG = 'x'.repeat(1_000_000);
const OVER_LIMIT = 'x'.repeat(1_100_000);
const PAGES = new Set(['GET /api/v1/dev/pay/{orderNo}', 'GET /api/v1/dev/wechat/scan']);
const ENGLISH = /Invalid|expected|received|Unrecognized|Bad Request|Not Found|Internal|Error|Unsupported/;
const HAN = /\p{Script=Han}/u;

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};

interface Operation {
  method: string;
  path: string;
  params: Array<{ in: 'query' | 'path'; name: string; schema: Schema; required: boolean }>;
  body?: Schema;
}

/** Values the shipped schemas' patterns accept, so a valid base reaches the deeper checks. */
const PATTERN_EXAMPLES: Array<[RegExp, string]> = [
  [/A-Za-z0-9_-\]\{22,64\}/, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  [/\[a-z\]\{1,32\}/, 'meishi'],
  [/\[a-z0-9\]\+/, 'three-second-hook'],
  [/0-9A-Za-z_/, 'JB20260101000000'],
];

/** A value the schema accepts (or close to it): the base each variant breaks in one way. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return sample(alternatives.find((s) => s.type !== 'null') ?? alternatives[0], depth);
  if (schema.allOf?.length) return sample(schema.allOf[0], depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid') return randomUUID();
      if (schema.pattern) {
        const known = PATTERN_EXAMPLES.find(([re]) => re.test(schema.pattern ?? ''));
        return known ? known[1] : 'abc';
      }
      return '测'.repeat(Math.max(2, schema.minLength ?? 2));
    }
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 1 }, () => sample(schema.items, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key)) out[key] = sample(value, depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}

function typeOf(schema: Schema): string | undefined {
  if (schema.enum?.length) return typeof schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return typeOf(alternatives.find((s) => s.type !== 'null') ?? alternatives[0] ?? {});
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** What each kind of field is sent instead of its value. */
function badValues(schema: Schema): unknown[] {
  switch (typeOf(schema)) {
    case 'string':
      return ['a\u0000b', 'a\ud800b', '\udc00', LONG, 12345, null];
    case 'integer':
    case 'number':
      return [-1, 1e308, 1.5, 2 ** 53 + 2, '12', null];
    case 'boolean':
      return ['true', 0];
    case 'array':
      return [{}, Array.from({ length: 10_000 }, () => 'a\u0000'), ['a\ud800']];
    case 'object':
      return [[], 'x'];
    default:
      return ['\u0000', 1e308];
  }
}

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

interface Variant {
  name: string;
  request: InjectOptions;
}

const encode = (value: string) => encodeURIComponent(value);

/** ~30 broken requests for one operation, each named for the failure report. */
function variantsOf(op: Operation): Variant[] {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const query = op.params.filter((p) => p.in === 'query');
  const goodPath: Record<string, string> = Object.fromEntries(
    pathParams.map((p) => [p.name, String(sample(p.schema))]),
  );
  const url = (path: Record<string, string> = {}, qs = '') => {
    const filled = op.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? goodPath[name] ?? 'x');
    return qs ? `${filled}?${qs}` : filled;
  };
  const goodQuery = query
    .filter((p) => p.required)
    .map((p) => `${p.name}=${encode(String(sample(p.schema)))}`)
    .join('&');
  const withQuery = (extra: string) => (goodQuery ? `${goodQuery}&${extra}` : extra);
  const out: Variant[] = [];
  const add = (name: string, request: InjectOptions) =>
    out.push({ name, request: { method: op.method as never, ...request } });

  for (const p of pathParams) {
    for (const value of [
      '%ZZ',
      '%00',
      'a%00b',
      '%ED%A0%80',
      'x'.repeat(150),
      '..',
      'not-a-uuid',
      '-1',
      '%20',
      '%2F',
    ]) {
      add(`path ${p.name}=${value.slice(0, 12)}`, { url: url({ [p.name]: value }, goodQuery) });
    }
    add(`path ${p.name}=unknown uuid`, { url: url({ [p.name]: randomUUID() }, goodQuery) });
  }
  for (const p of query) {
    for (const value of [
      '%00',
      'a%00',
      '%ED%A0%80',
      'NaN',
      '1e309',
      '-1',
      '-1e308',
      '99999999999999999999',
      '1.5',
      '',
      'x'.repeat(100_000),
    ]) {
      add(`query ${p.name}=${value.slice(0, 12)}`, { url: url({}, withQuery(`${p.name}=${value}`)) });
    }
    add(`query ${p.name} twice`, { url: url({}, withQuery(`${p.name}=1&${p.name}=2`)) });
  }
  // Whatever the operation takes: stray query keys, odd headers, odd paths.
  for (const [name, qs] of [
    ['unknown key', 'zzz=1'],
    ['__proto__', '__proto__=1&constructor[prototype][x]=1'],
    ['%ZZ', 'page=%ZZ'],
    ['NUL key', '%00=1'],
    ['surrogate value', 'zzz=%ED%A0%80'],
    ['bracket keys', 'a[b][c]=1&a[]=2'],
    ['1000 keys', Array.from({ length: 1000 }, (_, i) => `k${i}=${i}`).join('&')],
    ['100 kB value', `zzz=${'x'.repeat(100_000)}`],
    ['only separators', '&&&=&='],
  ]) {
    add(`query ${name}`, { url: url({}, withQuery(qs ?? '')) });
  }
  for (const [name, headers] of [
    ['huge bearer', { authorization: `Bearer ${'x'.repeat(8000)}` }],
    ['basic auth', { authorization: 'Basic YTpi' }],
    ['bare Bearer', { authorization: 'Bearer' }],
    ['odd request id', { 'x-request-id': ' <script> ' }],
    ['long request id', { 'x-request-id': 'x'.repeat(300) }],
    ['accepts only SSE', { accept: 'text/event-stream' }],
    ['accepts only XML', { accept: 'application/xml' }],
    ['accept-version', { 'accept-version': '%%%' }],
  ] as const) {
    add(`header ${name}`, { url: url({}, goodQuery), headers: { ...headers } });
  }
  add('trailing slash', { url: `${url()}/` });
  add('%ZZ in path', { url: `${url()}%ZZ` });
  add('double slash', { url: url().replace('/api/v1/', '/api/v1//') });

  if (op.body) {
    const base = sample(op.body) as Record<string, unknown>;
    const json = (name: string, payload: string, type = 'application/json') =>
      add(name, { url: url({}, goodQuery), payload, headers: { 'content-type': type } });
    add('no body', { url: url({}, goodQuery) });
    json('empty JSON', '');
    json('invalid JSON', '{"a":');
    for (const raw of ['null', '[]', '"text"', '42', 'true']) json(`body ${raw}`, raw);
    json('text/plain', JSON.stringify(base), 'text/plain');
    json('form', 'a=1&b=2', 'application/x-www-form-urlencoded');
    json('xml', '<a>1</a>', 'application/xml');
    json('multipart', '--x\r\n\r\n--x--', 'multipart/form-data; boundary=x');
    json('__proto__', `{"__proto__":{"admin":true},${JSON.stringify(base).slice(1)}`);
    json('constructor.prototype', JSON.stringify({ ...base, constructor: { prototype: { admin: true } } }));
    json('extra key', JSON.stringify({ ...base, zzz: 1 }));
    json('deeply nested', nested(5000));
    json('deeply nested array', `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    json('over the body limit', JSON.stringify({ ...base, zzz: OVER_LIMIT }));
    const properties = Object.entries(op.body.properties ?? {});
    for (const key of op.body.required ?? []) {
      const { [key]: _, ...rest } = base;
      json(`missing ${key}`, JSON.stringify(rest));
    }
    for (const [key, schema] of properties) {
      for (const value of badValues(schema)) {
        const shown =
          typeof value === 'string' ? JSON.stringify(value.slice(0, 8)) : JSON.stringify(value)?.slice(0, 12);
        json(`${key}=${shown}`, JSON.stringify({ ...base, [key]: value }));
      }
      json(`${key} nested deep`, `{"${key}":${nested(2000)}}`);
    }
  } else {
    add('unexpected JSON body', {
      url: url({}, goodQuery),
      payload: '{"a":',
      headers: { 'content-type': 'application/json' },
    });
    add('unexpected text body', {
      url: url({}, goodQuery),
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
  }
  return out;
}

function operationsOf(doc: {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Operation['params']; requestBody?: { content: Record<string, { schema: Schema }> } }
    >
  >;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query'),
        body: op.requestBody?.content['application/json']?.schema,
      });
    }
  }
  return ops;
}

describe('fuzz: malformed input gets a clean 4xx in the envelope', () => {
  let t: TestApp;
  let ops: Operation[];
  const variants = new Map<Operation, Variant[]>();
  const tokens: Record<string, string | undefined> = {};

  beforeAll(async () => {
    // Rate limits would answer 429 before many variants reach their checks.
    t = await createTestApp({
      GENERATION_RATE_PER_MIN: '100000',
      SUGGEST_RATE_PER_MIN: '100000',
      LOGIN_RATE_PER_MIN: '100000',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    ops = operationsOf(res.json());
    for (const op of ops) variants.set(op, variantsOf(op));
    tokens.anonymous = undefined;
    tokens.user = (await t.signIn({ nickname: '模糊测试' })).token;
    tokens.admin = (await t.signIn({ nickname: '模糊管理员', admin: true })).token;
  });
  afterAll(() => t?.close());

  it('finds the documented operations', () => {
    expect(ops.length).toBeGreaterThanOrEqual(50);
    const counts = ops.map((op) => variants.get(op)?.length ?? 0);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(15);
  });

  for (const who of ['anonymous', 'user', 'admin'] as const) {
    it(`answers every malformed request cleanly (${who})`, async () => {
      const problems: string[] = [];
      let sent = 0;
      const statuses: Record<number, number> = {};
      for (const op of ops) {
        for (const variant of variants.get(op) ?? []) {
          const { headers, ...rest } = variant.request;
          const started = performance.now();
          const res = await t.app.inject({
            ...rest,
            headers: { ...headers, ...(tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {}) },
          });
          const ms = performance.now() - started;
          sent++;
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          const label = `${op.method} ${op.path} [${variant.name}] → ${res.statusCode}`;
          if (res.statusCode >= 500) problems.push(`${label}: 5xx ${res.body.slice(0, 200)}`);
          if (ms > MAX_MS) problems.push(`${label}: took ${Math.round(ms)} ms`);
          if (!res.headers['x-request-id']) problems.push(`${label}: no x-request-id`);
          const page = PAGES.has(`${op.method} ${op.path}`);
          if (page && String(res.headers['content-type']).startsWith('text/html')) continue;
          let body: { success?: unknown; data?: unknown; message?: unknown };
          try {
            body = res.json();
          } catch {
            problems.push(`${label}: not JSON: ${res.body.slice(0, 120)}`);
            continue;
          }
          if (Object.keys(body).sort().join() !== 'data,message,success') {
            problems.push(`${label}: not the envelope: ${res.body.slice(0, 120)}`);
            continue;
          }
          // The web logs the user out on a 2xx with success false (DESIGN §3).
          if (res.statusCode < 300 && body.success !== true)
            problems.push(`${label}: not success true on a 2xx`);
          if (res.statusCode >= 400) {
            const message = String(body.message);
            if (body.success !== false || body.data !== null)
              problems.push(`${label}: error with success/data set`);
            if (!HAN.test(message) || ENGLISH.test(message))
              problems.push(`${label}: message not Chinese: ${message}`);
          }
        }
      }
      // Most variants must reach the schemas (a 400), not stop at the door (401, 429).
      expect(statuses[400] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(sent / 2);
      expect(sent).toBeGreaterThan(ops.length * 15);
      // Each kind on its own, so a 5xx is never hidden behind a page of wording problems.
      for (const kind of ['5xx', 'took', 'no x-request-id', 'not ', 'error with', 'message not Chinese']) {
        const found = problems.filter((p) => p.includes(`: ${kind}`));
        expect.soft(found.slice(0, 25), `${found.length} answers with "${kind}"`).toEqual([]);
      }
      expect(problems.length).toBe(0);
    }, 50_000);
  }
});
