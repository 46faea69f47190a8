import type { ScriptDraft, Suggestion } from '@app/contract/generation';
import { firstClause, SPOKEN_RATE, spokenLength } from '../analysis/spoken.ts';
import type { TopicAnalysis } from '../analysis/topic-analysis.ts';
import type { SuggestTask } from '../generation-provider.ts';
import { fillFrame } from './compose/compose-context.ts';
import { materialFor } from './compose/material.ts';
import { titleCore, titleOptions, truthfulTopic } from './compose/titles.ts';
import { PLATFORM_STYLES } from './platform-style.ts';
import type { Rng } from './random.ts';
import frames from './suggest-frames.json' with { type: 'json' };

const CTA_WORDS = /关注|评论|收藏|点赞|转发|分享|链接|下单|购物车|小黄车|双击|留言|私信|主页|地址|店铺/;
const CATCHY_TITLE = /\d|[？?]|[一二三四五六七八九十两][个件条招步种]/;
const notes = frames.improve;
type Note = { text: string; reason: string };

/**
 * Concrete notes on one script, most important first: each names the scene, the number that is
 * off and what to change it to. Never argues with what the creator chose: the length, the
 * template, the platform and the twist stay as they are.
 */
export function improveNotes(
  script: ScriptDraft,
  task: Pick<SuggestTask, 'platform' | 'request' | 'count'>,
  analysis: TopicAnalysis,
  rng: Rng,
): Suggestion[] {
  const style = PLATFORM_STYLES[task.platform ?? 'douyin'];
  const core = titleCore(analysis);
  const out: Suggestion[] = [];
  const add = (note: Note, values: Record<string, string | number>) => {
    const slots = { platform: style.name, core, ...values };
    out.push({ text: fillFrame(note.text, slots), reason: fillFrame(note.reason, slots) });
  };
  const scenes = script.scenes.map((s, i) => ({ ...s, n: i + 1, chars: spokenLength(s.line) }));
  const hookShort = firstClause(script.hook, 15);

  if (spokenLength(script.hook) > 20) add(notes.hookLong, { hookShort, len: spokenLength(script.hook) });
  const first = scenes[0];
  if (first && first.durationSec > 6) add(notes.hookSlow, { sec: first.durationSec });
  if (!CTA_WORDS.test(script.cta)) {
    add(notes.ctaMissing, {
      ctaExample: fillFrame(style.cta.follow[1] ?? '', { subject: core, idea: core }),
      cta: firstClause(script.cta, 20),
    });
  }
  for (const s of scenes.filter((x) => x.durationSec > style.sceneMaxSec * 1.5).slice(0, 2)) {
    add(notes.sceneLong, { n: s.n, sec: s.durationSec, max: style.sceneMaxSec });
  }
  for (const s of scenes.filter((x) => x.chars / x.durationSec > 5.5).slice(0, 2)) {
    add(notes.lineDense, {
      n: s.n,
      target: Math.round(s.durationSec * SPOKEN_RATE),
      chars: s.chars,
      sec: s.durationSec,
      rate: Math.floor(s.chars / s.durationSec),
    });
  }
  // The emptiest scene first: that is where the video goes quiet.
  const sparse = scenes.filter((x) => x.durationSec >= 4 && x.chars / x.durationSec < 2);
  for (const s of sparse.sort((a, b) => a.chars / a.durationSec - b.chars / b.durationSec).slice(0, 1)) {
    add(notes.lineSparse, { n: s.n, sec: s.durationSec, chars: s.chars });
  }

  // What the chosen template needs and this script lacks.
  const lines = scenes.map((s) => s.line).join('\n');
  const template = task.request?.templateId;
  if (template === 'daihuo' && !/元|块|价格|多少钱/.test(lines)) add(notes.sellPrice, {});
  if (template === 'kepu' && !/比如|例如|举个例子|具体一点/.test(lines)) add(notes.kepuExample, {});
  if (template === 'juqing') {
    const narration = scenes.find((s, i) => i > 0 && i < scenes.length - 1 && !/[：:]/.test(s.line));
    if (narration && !scenes.some((s) => /[：:]/.test(s.line))) add(notes.storyDialogue, { n: narration.n });
  }

  if (spokenLength(script.title) > 24)
    add(notes.titleLong, { len: spokenLength(script.title), titleShort: firstClause(script.title, 20) });
  if (!CATCHY_TITLE.test(script.title)) {
    const options = titleOptions(
      analysis,
      materialFor(analysis, 1),
      truthfulTopic(analysis, task.request?.durationSec ?? 60),
      1,
      false,
    );
    add(notes.titlePlain, {
      titleExample: options.find((t) => CATCHY_TITLE.test(t) || t.includes('｜')) ?? options[0] ?? core,
    });
  }
  if (spokenLength(script.coverText) > 12) {
    add(notes.coverLong, {
      len: spokenLength(script.coverText),
      coverShort: firstClause(script.coverText, 10),
    });
  }
  const run = longestShotRun(scenes.map((s) => s.shot));
  if (run.length >= 3)
    add(notes.shotRepeat, { from: run.from + 1, to: run.from + run.length, shot: run.shot });
  if (script.tags.length < 4)
    add(notes.tagsFew, { tagExample: analysis.subtopic?.name ?? analysis.niche?.label ?? core });

  // Always answer the count asked for: general polish notes fill the list.
  for (const note of rng.shuffle(notes.polish)) {
    if (out.length >= task.count) break;
    add(note, { hookShort, n: rng.int(2, Math.max(2, scenes.length - 1)) });
  }
  return out.slice(0, task.count);
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
