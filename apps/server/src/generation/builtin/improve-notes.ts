import type { Platform, ScriptDraft, Suggestion } from '@app/contract/generation';
import { fill, type Slots } from './fill.ts';
import { CHARS_PER_SEC } from './line-writer.ts';
import suggest from './phrases/suggest.json' with { type: 'json' };
import { PLATFORM_STYLES } from './platform-style.ts';
import type { Rng } from './random.ts';

const CTA_WORDS = /关注|评论|收藏|点赞|转发|分享|链接|下单|购物车|小黄车|双击|留言|私信|主页|地址/;
const CATCHY_TITLE = /\d|[？?]|[一二三四五六七八九十两]个/;
const notes = suggest.improve;

/** The opening clauses of `text`, at least a few characters long, cut to `max`. */
const firstClause = (text: string, max: number) => {
  let out = '';
  for (const clause of text.split(/[，。？！,.?!…]/)) {
    out += out ? `，${clause}` : clause;
    if (out.length >= 6) break;
  }
  return out.length <= max ? out : `${out.slice(0, max - 1)}…`;
};

/**
 * Concrete notes on one script, most important first: each names the scene, the number that
 * is off and what to change it to.
 */
export function improveNotes(
  script: ScriptDraft,
  platform: Platform | undefined,
  count: number,
  slots: Slots,
  rng: Rng,
): Suggestion[] {
  const style = PLATFORM_STYLES[platform ?? 'douyin'];
  const out: Suggestion[] = [];
  const add = (pattern: { text: string; reason: string }, values: Record<string, string | number>) => {
    const all: Slots = { ...slots, platform: style.name };
    for (const [k, v] of Object.entries(values)) all[k] = String(v);
    out.push({
      text: fill(pattern.text, all) ?? pattern.text,
      reason: fill(pattern.reason, all) ?? pattern.reason,
    });
  };
  const hookShort = firstClause(script.hook, 15);
  const scenes = script.scenes;

  if (script.hook.length > 20) add(notes.hookLong, { hookShort, len: script.hook.length });
  const first = scenes[0];
  if (first && first.durationSec > 6) add(notes.hookSlow, { sec: first.durationSec });
  if (!CTA_WORDS.test(script.cta)) {
    const example = fill(rng.pick(style.cta.follow), slots) ?? '';
    add(notes.ctaMissing, { ctaExample: example, cta: firstClause(script.cta, 20) });
  }

  const numbered = scenes.map((s, i) => ({ ...s, n: i + 1 }));
  const tooLong = numbered
    .filter((s) => s.durationSec > style.sceneMaxSec * 1.5)
    .sort((a, b) => b.durationSec - a.durationSec)
    .slice(0, 2);
  for (const s of tooLong) add(notes.sceneLong, { n: s.n, sec: s.durationSec, max: style.sceneMaxSec });

  const rate = (s: { line: string; durationSec: number }) => s.line.length / s.durationSec;
  const dense = numbered.filter((s) => rate(s) > 5.5).slice(0, 2);
  for (const s of dense) {
    add(notes.lineDense, {
      n: s.n,
      target: s.durationSec * CHARS_PER_SEC,
      chars: s.line.length,
      sec: s.durationSec,
      rate: Math.floor(rate(s)),
    });
  }
  const sparse = numbered.filter((s) => s.durationSec >= 4 && rate(s) < 1.2).slice(0, 1);
  for (const s of sparse) {
    add(notes.lineSparse, {
      n: s.n,
      sec: s.durationSec,
      chars: s.line.length,
      target: Math.max(2, Math.ceil(s.line.length / CHARS_PER_SEC)),
    });
  }

  const total = scenes.reduce((sum, s) => sum + s.durationSec, 0);
  if (total > style.idealMaxSec) add(notes.totalLong, { total, ideal: style.idealMaxSec });
  if (script.title.length > 24)
    add(notes.titleLong, { len: script.title.length, titleShort: firstClause(script.title, 20) });
  if (!CATCHY_TITLE.test(script.title)) {
    const example = fill(rng.pick(suggest.titles).text, slots) ?? '';
    add(notes.titlePlain, { titleExample: example });
  }
  if (script.coverText.length > 12) {
    add(notes.coverLong, { len: script.coverText.length, coverShort: firstClause(script.coverText, 10) });
  }
  const run = longestShotRun(scenes.map((s) => s.shot));
  if (run.length >= 3)
    add(notes.shotRepeat, { from: run.from + 1, to: run.from + run.length, shot: run.shot });
  if (script.tags.length < 4) add(notes.tagsFew, {});
  if (script.twist === null) add(notes.noTwist, {});

  // Always answer the count asked for: general polish notes fill up the list.
  for (const pattern of rng.shuffle(notes.polish)) {
    if (out.length >= count) break;
    add(pattern, { hookShort, n: rng.int(2, Math.max(2, scenes.length - 1)) });
  }
  return out.slice(0, count);
}

function longestShotRun(shots: string[]): { from: number; length: number; shot: string } {
  let best = { from: 0, length: 0, shot: '' };
  let start = 0;
  for (let i = 1; i <= shots.length; i++) {
    if (i === shots.length || shots[i] !== shots[start]) {
      if (i - start > best.length) best = { from: start, length: i - start, shot: shots[start] ?? '' };
      start = i;
    }
  }
  return best;
}
