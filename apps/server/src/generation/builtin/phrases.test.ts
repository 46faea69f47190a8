import type { Platform, TemplateId } from '@app/contract/generation';
import { describe, expect, it } from 'vitest';
import { getTemplate } from '../templates/templates.ts';
import { fill } from './fill.ts';
import { detectNiche } from './niche.ts';
import suggest from './phrases/suggest.json' with { type: 'json' };
import { PLATFORM_STYLES } from './platform-style.ts';
import { Rng } from './random.ts';
import { buildScriptContext } from './script-context.ts';
import { COMMON, TEMPLATE_PHRASES, TWIST_ARCS, TWIST_VISUALS } from './script-phrases.ts';
import { suggestSlots } from './suggest-builder.ts';

const TEMPLATE_IDS = Object.keys(TEMPLATE_PHRASES) as TemplateId[];
const PLATFORMS = Object.keys(PLATFORM_STYLES) as Platform[];
// One topic per profile, plus one that matches none (falls back to everyday life).
const TOPICS = [
  '红烧肉',
  '述职',
  '手机',
  '粉底',
  '宝宝',
  '减脂',
  '旅行',
  '考研',
  '基金',
  '收纳',
  '恋爱',
  '养猫',
  '早起',
  '钓鱼',
];

/** Every pattern the script builder may use, whichever template, twist and platform. */
function scriptPatterns(): string[] {
  const out: string[] = [...COMMON.visuals, ...Object.values(COMMON.padding).flat()];
  for (const t of Object.values(TEMPLATE_PHRASES)) {
    out.push(...t.titles, ...t.covers);
    for (const b of Object.values(t.beats)) out.push(...b.lines, ...(b.more ?? []), ...b.visuals);
  }
  for (const arcs of Object.values(TWIST_ARCS)) {
    for (const arc of [...arcs.light, ...arcs.strong]) out.push(...Object.values(arc));
  }
  for (const byBeat of Object.values(TWIST_VISUALS)) out.push(...Object.values(byBeat).flat());
  for (const p of PLATFORMS) out.push(...Object.values(PLATFORM_STYLES[p].cta).flat());
  return out;
}

describe('phrase banks', () => {
  it('cover every beat of every template, and every twist in every mode', () => {
    for (const id of TEMPLATE_IDS) {
      const phrases = TEMPLATE_PHRASES[id];
      expect(['talk', 'story', 'product', 'shop']).toContain(phrases.mode);
      expect(Object.keys(PLATFORM_STYLES.douyin.cta)).toContain(phrases.cta);
      expect(phrases.titles.length).toBeGreaterThanOrEqual(3);
      expect(phrases.covers.length).toBeGreaterThanOrEqual(3);
      for (const beat of getTemplate(id).beats) {
        const own = phrases.beats[beat.key];
        expect(own, `${id}.${beat.key}`).toBeDefined();
        expect(own?.visuals.length, `${id}.${beat.key} visuals`).toBeGreaterThan(0);
        if (beat.role !== 'cta')
          expect(own?.lines.length, `${id}.${beat.key} lines`).toBeGreaterThanOrEqual(3);
      }
    }
    for (const [mode, arcs] of Object.entries(TWIST_ARCS)) {
      expect(arcs.light.length, mode).toBeGreaterThanOrEqual(2);
      expect(arcs.strong.length, mode).toBeGreaterThanOrEqual(2);
      for (const key of ['setup', 'reversal', 'mislead', 'reversal1', 'reversal2']) {
        expect(
          TWIST_VISUALS[mode as keyof typeof TWIST_VISUALS][key]?.length,
          `${mode}.${key}`,
        ).toBeGreaterThan(0);
      }
    }
  });

  it('only use placeholders the builders fill, for every field', () => {
    const patterns = scriptPatterns();
    for (const topic of TOPICS) {
      const { slots } = buildScriptContext(
        { topic, templateId: 'koubo', twist: 'none', platform: 'douyin', durationSec: 60, variantIndex: 0 },
        new Rng(1),
      );
      for (const p of patterns) {
        // fill() throws on an unknown placeholder; peeking keeps the tip queue from running dry.
        expect(fill(p, slots, 'peek') ?? '', p).not.toMatch(/[{}]/);
      }
      const s = suggestSlots({ kind: 'titles', count: 3, topic }, new Rng(1));
      for (const p of [...suggest.topics, ...suggest.topicsWithHot, ...suggest.titles, ...suggest.hooks]) {
        expect(fill(p.text, s), p.text).not.toMatch(/[{}]/);
        expect(fill(p.reason, s), p.reason).not.toMatch(/[{}]/);
      }
    }
  });

  it('recognise the field of a topic, and fall back when none fits', () => {
    expect(detectNiche('家常红烧肉怎么做')?.key).toBe('food');
    expect(detectNiche('面试时怎么介绍自己')?.key).toBe('career');
    expect(detectNiche('油皮夏天用什么粉底')?.key).toBe('beauty');
    expect(detectNiche('第一次去大理')?.key).toBe('travel');
    expect(detectNiche('新手第一次夜钓')).toBeNull();
  });
});
