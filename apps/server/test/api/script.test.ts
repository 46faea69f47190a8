import type { Page, Script, ScriptListItem } from '@app/contract';
import { XMLParser } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { grant, startGeneration, waitFinished } from './creation-helpers.ts';

/** The text of every table cell of a .docx, row by row, read back from word/document.xml. */
function docxTables(file: Buffer): { rows: string[][]; text: string } {
  const files = unzipSync(new Uint8Array(file));
  const xml = new TextDecoder().decode(files['word/document.xml']);
  const parser = new XMLParser({ ignoreAttributes: true, preserveOrder: true, trimValues: false });
  const tree = parser.parse(xml) as unknown[];
  const rows: string[][] = [];
  let text = '';
  const textOf = (node: unknown): string => {
    if (Array.isArray(node)) return node.map(textOf).join('');
    if (node && typeof node === 'object') {
      return Object.entries(node)
        .map(([key, value]) => (key === '#text' ? String(value) : textOf(value)))
        .join('');
    }
    return '';
  };
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'w:tr') {
        const cells = (value as unknown[]).filter((c) => c && typeof c === 'object' && 'w:tc' in c);
        rows.push(cells.map((c) => textOf((c as Record<string, unknown>)['w:tc'])));
      } else if (key === 'w:t') {
        text += textOf(value);
      } else if (key !== ':@') {
        walk(value);
      }
    }
  };
  walk(tree);
  return { rows, text };
}

describe('scripts: confirm, list, download', () => {
  let t: TestApp;
  let user: TestUser;
  let script: Script;
  beforeAll(async () => {
    t = await createTestApp({ GENERATION_RATE_PER_MIN: '1000' });
    user = await t.signIn({ nickname: '探店小王' });
    await grant(t, user, 10);
    const id = await startGeneration(t, user, {
      topic: '城中村里的宝藏面馆',
      templateId: 'tandian',
      twist: 'light',
      durationSec: 45,
      variants: 2,
    });
    const generation = await waitFinished(t, user, id);
    script = generation.scripts[0]!;
  });
  afterAll(() => t.close());

  const confirm = (payload: Record<string, unknown>) =>
    t.call<Script>({ method: 'POST', url: '/api/v1/script/confirm', token: user.token, payload });

  it('refuses invalid edits with a Chinese message and changes nothing', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ scenes: [script.scenes[0]] }, /分镜至少 2 个/],
      [{ scenes: script.scenes.map((s) => ({ ...s, durationSec: 0 })) }, /镜头时长至少 1 秒/],
      [{ scenes: script.scenes.map((s) => ({ ...s, visual: '' })) }, /画面不能为空/],
      [{ title: '' }, /标题不能为空/],
      [{ tags: ['一'] }, /话题标签至少 2 个/],
      [{ scenes: Array.from({ length: 10 }, () => ({ ...script.scenes[0]!, durationSec: 100 })) }, /600 秒/],
      [{ price: 1 }, /price|未知|nrecognized/],
    ];
    for (const [edits, message] of cases) {
      const res = await confirm({ scriptId: script.id, edits });
      expect(res.status, JSON.stringify(edits).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const list = await t.call<Page<ScriptListItem>>({
      method: 'GET',
      url: '/api/v1/script/list?confirmed=true',
      token: user.token,
    });
    expect(list.body.data.total).toBe(0);
  });

  it('confirms with edits: scenes added, removed, reordered and re-timed', async () => {
    const [first, second, ...rest] = script.scenes;
    const added = { shot: '特写', visual: '老板把面端上桌，热气腾腾', line: '就是这一碗。', durationSec: 4 };
    const scenes = [second!, first!, added, ...rest.slice(0, -1)].map((s, i) =>
      i === 0 ? { ...s, durationSec: s.durationSec + 2 } : s,
    );
    const res = await confirm({ scriptId: script.id, edits: { title: '城中村面馆，老板的秘密', scenes } });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      id: script.id,
      confirmed: true,
      title: '城中村面馆，老板的秘密',
      scenes,
    });
    expect(res.body.data.confirmedAt).toBeTruthy();
    expect(res.body.data.hook).toBe(script.hook);

    const list = await t.call<Page<ScriptListItem>>({
      method: 'GET',
      url: '/api/v1/script/list?confirmed=true&page=1&pageSize=10',
      token: user.token,
    });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.items[0]).toMatchObject({ id: script.id, confirmed: true, scenes });
    expect(list.body.data.items[0]?.input).toMatchObject({
      topic: '城中村里的宝藏面馆',
      templateId: 'tandian',
    });

    const drafts = await t.call<Page<ScriptListItem>>({
      method: 'GET',
      url: '/api/v1/script/list?confirmed=false',
      token: user.token,
    });
    expect(drafts.body.data.total).toBe(1);
    const all = await t.call<Page<ScriptListItem>>({
      method: 'GET',
      url: '/api/v1/script/list',
      token: user.token,
    });
    expect(all.body.data.total).toBe(2);

    // Confirming again keeps the first confirmation time.
    const again = await confirm({ scriptId: script.id });
    expect(again.body.data.confirmedAt).toBe(res.body.data.confirmedAt);
    script = again.body.data;
  });

  it('downloads a real .docx with the scene table and a Chinese file name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/script/download',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { scriptId: script.id, format: 'docx' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="script-[0-9a-f]{8}\.docx"; filename\*=UTF-8''/);
    const encoded = disposition.split("filename*=UTF-8''")[1]!;
    expect(encoded).not.toMatch(/[^A-Za-z0-9%!#$&+\-.^_`|~]/);
    expect(decodeURIComponent(encoded)).toBe('城中村面馆，老板的秘密.docx');

    const { rows, text } = docxTables(res.rawPayload);
    expect(rows[0]).toEqual(['镜号', '景别', '画面', '台词', '时长']);
    const sceneRows = rows.slice(1, 1 + script.scenes.length);
    expect(sceneRows).toEqual(
      script.scenes.map((s, i) => [
        String(i + 1),
        s.shot,
        s.visual,
        s.line || '（无台词）',
        `${s.durationSec} 秒`,
      ]),
    );
    const total = script.scenes.reduce((sum, s) => sum + s.durationSec, 0);
    expect(rows.at(-1)).toEqual([`合计 ${script.scenes.length} 个镜头`, `${total} 秒`]);
    for (const part of [
      script.title,
      script.hook,
      script.twist!,
      script.cta,
      script.coverText,
      ...script.tags,
    ]) {
      expect(text).toContain(part);
    }
    for (const heading of ['开场钩子', '分镜脚本', '反转设计', '行动号召', '话题标签', '封面文字']) {
      expect(text).toContain(heading);
    }
  });

  it('downloads readable Markdown and plain text', async () => {
    for (const format of ['md', 'txt'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/script/download',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { scriptId: script.id, format },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(
        format === 'md' ? /text\/markdown; charset=utf-8/ : /text\/plain/,
      );
      expect(decodeURIComponent(String(res.headers['content-disposition']).split("''")[1]!)).toBe(
        `城中村面馆，老板的秘密.${format}`,
      );
      const body = res.body;
      expect(body).toContain(script.title);
      expect(body).toContain(script.scenes[0]!.visual);
      expect(body).toContain(script.cta);
      expect(body).toContain('探店');
      expect(body).toContain('轻反转');
      if (format === 'md') {
        expect(body).toMatch(/^# /);
        expect(body).toContain('| 镜号 | 景别 | 画面 | 台词 | 时长 |');
      } else {
        expect(body).toContain('【分镜脚本】');
        expect(body).toContain('镜头 1｜');
      }
    }
  });

  it('refuses an unknown format with a Chinese message', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/script/download',
      token: user.token,
      payload: { scriptId: script.id, format: 'pdf' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/docx、md 或 txt/);
  });

  it('feeds the improvement suggestions of my script', async () => {
    const res = await t.call<{ suggestions: Array<{ text: string; reason: string }> }>({
      method: 'POST',
      url: '/api/v1/suggest/gen',
      token: user.token,
      payload: { kind: 'improve', scriptId: script.id },
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.suggestions.length).toBeGreaterThan(0);
  });
});
