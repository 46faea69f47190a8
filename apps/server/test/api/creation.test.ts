import type { GenerationListItem, Page, Script } from '@app/contract';
import { scriptDraftSchema, type TemplateId, type Twist } from '@app/contract/generation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorVariants } from '../../src/modules/creation/creation.tables.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import {
  grant,
  readWholeStream,
  type StreamEvent,
  startGeneration,
  textsOf,
  waitFinished,
} from './creation-helpers.ts';

const templates: TemplateId[] = ['koubo', 'juqing', 'daihuo', 'kepu', 'vlog', 'tandian'];
const twists: Twist[] = ['none', 'light', 'strong'];

async function storedTexts(t: TestApp, id: string) {
  const rows = await t.database.db.select().from(creatorVariants).where(eq(creatorVariants.generationId, id));
  return rows.sort((a, b) => a.idx - b.idx).map((r) => r.text);
}

describe('script generation on the builtin provider', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ GENERATION_RATE_PER_MIN: '1000', GENERATION_CONCURRENCY_PER_USER: '30' });
    user = await t.signIn({ nickname: '早餐博主' });
    await grant(t, user, 200);
  });
  afterAll(() => t.close());

  it('answers at once with the id, then streams and stores a valid script for every template and twist', async () => {
    const durations = [15, 30, 60, 90, 180, 600];
    const runs = templates.flatMap((templateId, i) =>
      twists.map((twist, k) => ({ templateId, twist, durationSec: durations[(i + k) % durations.length]! })),
    );
    const ids = [];
    for (const run of runs) ids.push({ ...run, id: await startGeneration(t, user, run) });

    for (const run of ids) {
      const events = (await readWholeStream(t, user, run.id)) as StreamEvent[];
      const label = `${run.templateId}/${run.twist}/${run.durationSec}s`;
      expect(events.at(-1)?.event, label).toBe('done');
      const [text] = textsOf(events);
      expect(text?.length, label).toBeGreaterThan(20);
      expect(await storedTexts(t, run.id)).toEqual([text]);

      const scriptEvent = events.find((e) => e.event === 'script');
      const script = scriptEvent?.data.script as Script;
      expect(scriptDraftSchema.safeParse(script).success, label).toBe(true);
      const total = script.scenes.reduce((s, scene) => s + scene.durationSec, 0);
      expect(Math.abs(total - run.durationSec), label).toBeLessThanOrEqual(run.durationSec * 0.2);
      if (run.twist === 'none') expect(script.twist, label).toBeNull();
      else expect(script.twist, label).toBeTruthy();
      expect(script.confirmed).toBe(false);

      const generation = await waitFinished(t, user, run.id);
      expect(generation).toMatchObject({ status: 'done', charged: 1, refunded: 0, error: null });
      expect(generation.input).toMatchObject({ templateId: run.templateId, twist: run.twist });
      expect(generation.scripts).toEqual([script]);
    }
  }, 120_000);

  it('charges one credit per variant and writes the variants side by side', async () => {
    const before = await t.app.container.wallet.balance(user.id);
    const id = await startGeneration(t, user, { variants: 3, templateId: 'juqing', twist: 'strong' });
    expect(await t.app.container.wallet.balance(user.id)).toBe(before - 3);
    const events = (await readWholeStream(t, user, id)) as StreamEvent[];
    const texts = textsOf(events);
    expect(texts).toHaveLength(3);
    expect(new Set(texts).size).toBe(3);
    const generation = await waitFinished(t, user, id);
    expect(generation.scripts.map((s) => s.variantIndex)).toEqual([0, 1, 2]);
    expect(new Set(generation.scripts.map((s) => s.title)).size).toBeGreaterThan(1);
    expect(generation.variants.every((v) => v.status === 'done')).toBe(true);
  });

  it('gives a late consumer everything that was stored, in order, then done', async () => {
    const id = await startGeneration(t, user, { variants: 2, templateId: 'tandian', twist: 'light' });
    const live = (await readWholeStream(t, user, id)) as StreamEvent[];
    await waitFinished(t, user, id);
    const late = (await readWholeStream(t, user, id)) as StreamEvent[];
    expect(textsOf(late)).toEqual(textsOf(live));
    expect(textsOf(late)).toEqual(await storedTexts(t, id));
    // Stored text comes in one delta per variant, from offset 0.
    expect(late.filter((e) => e.event === 'delta').map((e) => e.data.offset)).toEqual([0, 0]);
    expect(late.map((e) => e.event)).toEqual(['delta', 'delta', 'script', 'script', 'done']);
  });

  it('lists my generations newest first with their scripts', async () => {
    const res = await t.call<Page<GenerationListItem>>({
      method: 'GET',
      url: '/api/v1/creator/list?page=1&pageSize=2',
      token: user.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(20);
    expect(res.body.data.items).toHaveLength(2);
    const [newest] = res.body.data.items;
    expect(newest?.input.templateId).toBe('tandian');
    expect(newest?.scripts).toHaveLength(2);
  });

  it('refuses bad input with a Chinese message naming the field', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ topic: '' }, /选题/],
      [{ variants: 4 }, /最多生成 3 个版本/],
      [{ durationSec: 5 }, /至少 15 秒/],
      [{ twist: 'huge' }, /反转强度/],
      [{ templateId: 'x' }, /模板/],
      [{ platform: 'weibo' }, /平台/],
      [{ surprise: 1 }, /surprise|未知|Unrecognized|unrecognized/],
    ];
    for (const [patch, message] of cases) {
      const res = await t.call({
        method: 'POST',
        url: '/api/v1/creator/generate',
        token: user.token,
        payload: {
          topic: '题目',
          templateId: 'koubo',
          twist: 'none',
          platform: 'douyin',
          durationSec: 60,
          variants: 1,
          ...patch,
        },
      });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
  });

  it('serves the templates with their beat structure', async () => {
    const res = await t.call<Array<{ id: string; name: string; structure: string[] }>>({
      method: 'GET',
      url: '/api/v1/script/templates',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((x) => x.name)).toEqual(
      expect.arrayContaining(['口播', '剧情反转', '带货种草', '知识科普', 'Vlog', '探店']),
    );
    for (const template of res.body.data) expect(template.structure.length).toBeGreaterThanOrEqual(3);
  });
});
