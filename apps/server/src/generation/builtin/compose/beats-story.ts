import { type BeatWriters, factExtras } from './beats-talk.ts';
import {
  type ComposeContext,
  callToAction,
  castOf,
  FRAMES,
  frame,
  listItems,
  tipLine,
  visuals,
} from './compose-context.ts';
import type { Forms } from './fit-to-time.ts';
import { closestTo } from './material.ts';
import { QUICK_STORY_SEC } from './twists.ts';

/** The first `keep` lines always said, the rest only when there is time. */
const lines = (items: string[], keep: number): Forms[] => items.map((l, i) => (i < keep ? [l] : [l, '']));

/** 剧情: conflict → who and what they want → pressure → the turn → the ending → a question to the viewer. */
export function juqing(ctx: ComposeContext): BeatWriters {
  const s = ctx.m.story;
  const quick = ctx.plan.totalSec <= QUICK_STORY_SEC;
  const list = ctx.analysis.count ? listItems(ctx, 0) : undefined;
  // A long story ends on what the viewer can take from it: the subtopic's points nearest the story
  // first, said without a list label ("体力：奶奶也会累" → "奶奶也会累").
  const told = [s.setting, ...s.escalate, s.climax, s.ending, s.twist.payoff].join('');
  const lessons = closestTo(
    ctx.m.points.slice(list?.usedPoints ?? 0),
    told,
    ctx.m.terms,
    (p) => p.name + p.how,
  ).map(
    (p, k): Forms => [
      frame(
        ctx,
        FRAMES.story.lesson,
        { name: p.name.split('：').at(-1) ?? p.name, why: p.why, how: p.how },
        k,
      ),
    ],
  );
  const twist = ctx.plan.twist;
  return {
    // Fifteen seconds hold a two-line sketch: its plant opens, its payoff closes.
    conflict: (beat) => ({
      core: [quick && twist === 'none' ? [s.quick.plant] : quick ? [s.conflict, ''] : [s.conflict]],
      extras: [],
      visuals: visuals(ctx, beat, 'story'),
    }),
    setting: (beat) => ({ core: [[s.setting, '']], extras: [], visuals: visuals(ctx, beat, 'story') }),
    escalate: (beat) => ({
      // A counted topic in a story: the other character spells the list out.
      core: list
        ? [
            [
              frame(ctx, FRAMES.story.listIntro, {
                ...castOf(s.cast),
                countRaw: ctx.analysis.count?.raw ?? '',
                unit: ctx.analysis.count?.ordinalUnit ?? '',
              }),
            ],
            ...list.items,
          ]
        : lines(s.escalate, quick ? 0 : 1),
      extras: [],
      visuals: list ? [visuals(ctx, beat, 'story')[0] ?? '', ...list.visuals] : visuals(ctx, beat, 'story'),
      pieceScenes: !!list,
    }),
    climax: (beat) => ({ core: [[s.climax, '']], extras: [], visuals: visuals(ctx, beat, 'story') }),
    ending: (beat) => ({
      core: [quick && twist === 'none' ? [s.quick.payoff] : [s.ending, '']],
      extras: list ? factExtras(ctx) : [...lessons, ...factExtras(ctx)],
      visuals: visuals(ctx, beat, 'story'),
    }),
    cta: (beat) => ({
      core: [callToAction(ctx, 'interact')],
      extras: [],
      visuals: visuals(ctx, beat, 'cta'),
    }),
  };
}

/** Vlog: the day's teaser → where and when → what happens → a small surprise → a feeling. */
export function vlog(ctx: ComposeContext): BeatWriters {
  const v = ctx.m.vlog;
  const list = ctx.analysis.count ? listItems(ctx, 0) : undefined;
  const tips = ctx.m.points.slice(list?.usedPoints ?? 0).map((p, k) => tipLine(ctx, p, k));
  return {
    teaser: (beat) => ({ core: [[v.teaser]], extras: [], visuals: visuals(ctx, beat, 'vlog') }),
    start: (beat) => ({ core: [[v.start, '']], extras: [], visuals: visuals(ctx, beat, 'vlog') }),
    process: (beat) => ({
      core: list ? list.items : lines(v.moments, ctx.plan.totalSec <= 30 ? 1 : 2),
      extras: list ? factExtras(ctx) : [...tips, ...factExtras(ctx)],
      visuals: list ? list.visuals : visuals(ctx, beat, 'vlog'),
      pieceScenes: !!list,
    }),
    episode: (beat) => ({ core: [[v.incident, '']], extras: [], visuals: visuals(ctx, beat, 'vlog') }),
    reflect: (beat) => ({
      // A feeling cut short is a fragment: a fifteen-second vlog ends on its last moment instead.
      core: [[v.feeling, ...(ctx.plan.totalSec <= 20 ? [''] : [])]],
      extras: [],
      visuals: visuals(ctx, beat, 'vlog'),
    }),
    cta: (beat) => ({ core: [callToAction(ctx, 'follow')], extras: [], visuals: visuals(ctx, beat, 'cta') }),
  };
}
