import { listsMyths } from '../../analysis/topic-analysis.ts';
import type { Myth, Plant } from '../../knowledge/knowledge-schema.ts';
import { type ComposeContext, FRAMES, frame } from './compose-context.ts';
import type { Forms } from './fit-to-time.ts';

/** One reversal as the 反转设计 note describes it: where the element was planted and where it pays off. */
export interface TwistPart {
  label: string;
  plantBeat: string;
  payoffBeat: string;
  plant: string;
  payoff: string;
  element: string;
}

/** The lines of a twist: what the twist beats say, and a plant that goes into a body beat. */
export interface TwistLines {
  beats: Record<string, Forms>;
  /** Strong twists plant their second element at the start of the first body beat after the mislead. */
  plant2?: Forms;
  parts: TwistPart[];
}

/** Stories below this length use their two-line version: a full plant and payoff would not fit. */
export const QUICK_STORY_SEC = 20;

function fromStory(ctx: ComposeContext): TwistLines {
  const s = ctx.m.story;
  if (ctx.plan.twist === 'light') {
    const t = ctx.plan.totalSec <= QUICK_STORY_SEC ? s.quick : s.twist;
    return {
      beats: { setup: [t.plant], reversal: [t.payoff] },
      parts: [part('反转', 'setup', 'reversal', t)],
    };
  }
  return {
    beats: {
      mislead: [`${s.twist.plant}${s.mislead}`, s.twist.plant],
      reversal1: [s.twist.payoff],
      reversal2: [s.twist2.payoff],
    },
    plant2: [s.twist2.plant],
    parts: [
      part('第一次反转', 'mislead', 'reversal1', s.twist),
      part('第二次反转', 'plant2', 'reversal2', s.twist2),
    ],
  };
}

const part = (label: string, plantBeat: string, payoffBeat: string, t: Plant): TwistPart => ({
  label,
  plantBeat,
  payoffBeat,
  plant: t.plant,
  payoff: t.payoff,
  element: t.element,
});

type TwistMode = Exclude<keyof typeof FRAMES.twist, 'question'>;

/** How a template's narrator tells a twist: a talk, a day's record, a sales pitch. */
function modeOf(ctx: ComposeContext): TwistMode {
  const t = ctx.plan.templateId;
  return t === 'vlog' || t === 'tandian' ? 'vlog' : t === 'daihuo' ? 'sell' : 'talk';
}

/** A myth said as if true, then overturned by its truth: the element is named in both. */
function mythPlant(ctx: ComposeContext, myth: Myth, asQuestion: boolean): Plant {
  const f = asQuestion ? FRAMES.twist.question : FRAMES.twist[modeOf(ctx)];
  return {
    element: myth.element,
    plant: frame(ctx, f.plant, { myth: myth.myth, question: myth.question }),
    payoff: frame(ctx, f.payoff, { truth: myth.truth }),
  };
}

/**
 * The twist of a variant, or null without one. Stories turn on their own plants; the other
 * templates plant a common belief and overturn it (a 探店 uses the place's own surprise).
 * Twist myths are the variant's second and third, so they never repeat the body's first.
 */
export function twistLines(ctx: ComposeContext): TwistLines | null {
  if (ctx.plan.twist === 'none') return null;
  if (ctx.plan.templateId === 'juqing') return fromStory(ctx);
  // The body says the first myth (or lists the first few): the twist takes the next two.
  const listed = listsMyths(ctx.analysis.count) ? (ctx.analysis.count?.n ?? 0) : 1;
  const [a, b] = ctx.m.myths.slice(listed, listed + 2);
  const surprise = ctx.plan.templateId === 'tandian' ? ctx.m.place?.surprise : undefined;
  const kepu = ctx.plan.templateId === 'kepu';
  if (ctx.plan.twist === 'light') {
    const t = surprise ?? (a ? mythPlant(ctx, a, kepu) : undefined);
    if (!t) return null;
    const short = a && !surprise ? { plant: kepu ? a.question : a.myth, payoff: a.rule } : undefined;
    return {
      beats: {
        setup: short ? [t.plant, short.plant] : [t.plant],
        reversal: short ? [t.payoff, a?.truth ?? t.payoff, short.payoff] : [t.payoff],
      },
      parts: [part('反转', 'setup', 'reversal', t)],
    };
  }
  if (!a) return null;
  const f = FRAMES.twist[modeOf(ctx)];
  const first: Plant = {
    element: a.element,
    plant: frame(ctx, f.mislead, { myth: a.myth }),
    payoff: frame(ctx, f.reverse1, { truth: a.truth, element: a.element }),
  };
  const second: Plant | undefined =
    surprise ??
    (b
      ? {
          element: b.element,
          plant: frame(ctx, f.plant, { myth: b.myth }),
          payoff: frame(ctx, f.reverse2, { truth: b.truth, element: b.element }),
        }
      : undefined);
  if (!second) return null;
  return {
    beats: {
      mislead: [first.plant, a.myth],
      reversal1: [first.payoff, a.rule],
      reversal2: b && !surprise ? [second.payoff, b.rule] : [second.payoff],
    },
    plant2: b && !surprise ? [second.plant, b.myth] : [second.plant],
    parts: [
      part('第一次反转', 'mislead', 'reversal1', first),
      part('第二次反转', 'plant2', 'reversal2', second),
    ],
  };
}
