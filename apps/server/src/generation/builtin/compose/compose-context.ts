import type { Platform } from '@app/contract/generation';
import { chineseNumber } from '../../analysis/chinese-numbers.ts';
import { bare } from '../../analysis/spoken.ts';
import { listsMyths, type TopicAnalysis, type TopicCount } from '../../analysis/topic-analysis.ts';
import type { Myth, Point } from '../../knowledge/knowledge-schema.ts';
import type { PlanBeat, TwistPlan } from '../../templates/twist-plan.ts';
import { PLATFORM_STYLES } from '../platform-style.ts';
import type { Forms } from './fit-to-time.ts';
import framesJson from './frames.json' with { type: 'json' };
import type { Material } from './material.ts';

export const FRAMES = framesJson;

/** Everything one variant's beats are written from. */
export interface ComposeContext {
  plan: TwistPlan;
  analysis: TopicAnalysis;
  m: Material;
  /** 0, 1 or 2: which frame and which share of the material this variant takes. */
  variant: number;
  /** The topic as the script may say it (a wrong "一分钟" replaced by the true length). */
  topicLine: string;
  platform: Platform;
  /** How many shots of each kind earlier beats took, so the next beat of that kind moves on. */
  shotsTaken: Partial<Record<VisualKind, number>>;
}

export type VisualKind = keyof typeof FRAMES.visuals;

const SLOT = /\{(\w+)\}/g;

/** Fills `{name}` slots; a slot without a value is a bug in a frame, not something to show. */
export function fillFrame(pattern: string, slots: Record<string, string | number>): string {
  return pattern.replace(SLOT, (_all, name: string) => {
    const value = slots[name];
    if (value === undefined) throw new Error(`衔接句里的占位符没有取值：{${name}}`);
    return String(value);
  });
}

/**
 * The variant's frame of a group: variants of one request never share a connecting sentence, and
 * the k-th of several sentences in one script (`at`) takes the next frame, so none repeats.
 */
export function frame(
  ctx: Pick<ComposeContext, 'variant'>,
  group: readonly string[],
  slots: Record<string, string | number> = {},
  at = 0,
): string {
  return fillFrame(group[(ctx.variant + at) % group.length] ?? '', slots);
}

/** 第一件 / 第二步 / 周一: how the k-th item (from 0) of a counted list is announced. */
export function ordinal(k: number, count: TopicCount | undefined): string {
  if (count?.weekdays)
    return ['周一', '周二', '周三', '周四', '周五', '周六', '周日'][k] ?? `第${chineseNumber(k + 1)}天`;
  if (count) return `第${chineseNumber(k + 1)}${count.ordinalUnit}`;
  return FRAMES.freeItemOrdinal[k] ?? `第${chineseNumber(k + 1)}`;
}

/** One item of a list: said with the variant's own detail, or just named when time is short. */
export function pointItem(ctx: ComposeContext, p: Point, k: number, count: TopicCount | undefined): Forms {
  const lead = frame(ctx, FRAMES.itemLead, { ordinal: ordinal(k, count), name: p.name });
  return [`${lead}${p[ctx.m.facet]}`, lead];
}

export function mythItem(ctx: ComposeContext, myth: Myth, k: number, count: TopicCount | undefined): Forms {
  const head = `${ordinal(k, count)}，${bare(myth.myth)}。`;
  return [`${head}${frame(ctx, FRAMES.truth, { truth: myth.truth })}`, `${head}${myth.rule}`];
}

/** The counted list the topic promises, exactly `count.n` items, or a free list of `free` points. */
export function listItems(
  ctx: ComposeContext,
  free: number,
): { items: Forms[]; visuals: string[]; usedPoints: number; usedMyths: number } {
  const { count } = ctx.analysis;
  if (listsMyths(count) && count) {
    const myths = ctx.m.myths.slice(0, count.n);
    return {
      items: myths.map((x, k) => mythItem(ctx, x, k, count)),
      visuals: myths.map((x) => visual(ctx, 'myth', { element: x.element })),
      usedPoints: 0,
      usedMyths: myths.length,
    };
  }
  const n = count ? count.n : Math.min(free, ctx.m.points.length);
  const points = ctx.m.points.slice(0, n);
  return {
    items: points.map((p, k) => pointItem(ctx, p, k, count)),
    visuals: points.map((p, k) => `${p.visual}，字幕「${ordinal(k, count)}：${p.name}」`),
    usedPoints: points.length,
    usedMyths: 0,
  };
}

/** A picture for a beat: the variant's frame of the kind, filled from the material. */
export function visual(
  ctx: ComposeContext,
  kind: VisualKind,
  extra: Record<string, string> = {},
  offset = 0,
): string {
  const group = FRAMES.visuals[kind];
  const m = ctx.m;
  const slots = {
    scene: m.scenes[offset % m.scenes.length] ?? '',
    prop: m.props[offset % m.props.length] ?? '',
    caption: ctx.analysis.core,
    element: m.myths[0]?.element ?? m.subject,
    product: m.product.name,
    place: m.place?.name ?? m.scenes[0] ?? '',
    price: m.product.price,
    storyScene: m.story.scene,
    ...castOf(m.story.cast),
    ...extra,
  };
  return fillFrame(group[(ctx.variant + offset) % group.length] ?? '', slots);
}

/** "小周：入职三年的运营；王姐：人事主管" → the two names, for stage directions. */
export function castOf(cast: string): { who: string; other: string } {
  // People are separated by 「；」, each "名字：描述"; a description may hold 、 and ，.
  const names = cast
    .split(/[；;]/)
    .map((entry) => /^\s*([^：:（(，,、]{1,6})[：:（(]/.exec(entry)?.[1]?.trim() ?? '')
    .filter((n) => n.length > 0);
  return { who: names[0] ?? '主角', other: names[1] ?? '对方' };
}

/**
 * Visuals for the scenes of a beat, each a different frame, going on from where the last beat of
 * the same kind stopped. A beat long enough to be cut into more scenes than planned gets every
 * frame of the kind, so its extra scenes are new shots too.
 */
export function visuals(
  ctx: ComposeContext,
  beat: PlanBeat,
  kind: VisualKind,
  extra: Record<string, string> = {},
): string[] {
  const from = ctx.shotsTaken[kind] ?? 0;
  ctx.shotsTaken[kind] = from + beat.sceneDurations.length;
  const count = Math.max(beat.sceneDurations.length, FRAMES.visuals[kind].length);
  return Array.from({ length: count }, (_, k) => visual(ctx, kind, extra, from + k));
}

/**
 * A usage tip from a point, told from the variant's side: how to do it, or an example of it. An
 * example says which point it is about: alone, "一盒六块" could be anything.
 */
export function tipLine(ctx: ComposeContext, p: Point, k: number): Forms {
  if (ctx.m.facet !== 'example') return [frame(ctx, FRAMES.vlog.tip, { how: p.how }, k)];
  return [frame(ctx, FRAMES.exampleTip, { name: p.name, example: p.example }, k)];
}

type CtaKind = 'follow' | 'interact' | 'buy' | 'visit';

// What a fifteen-second video has time to say at the end, still naming what it was about.
const SHORT_CTA: Record<CtaKind, string> = {
  follow: '关注我，{subject}接着聊。',
  interact: '{subject}这事，你怎么看？',
  buy: '{product}，链接在下方。',
  visit: '{place}，想去就先收藏。',
};

/** Five characters in a row in common (e.g. 面试被问缺点) is the same question, not another one. */
const SAME_QUESTION_RUN = 5;

/** Whether `a` and `b` share `run` characters in a row (or one holds the other whole). */
function sharesRun(a: string, b: string, run: number): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length < run) return long.includes(short);
  for (let i = 0; i + run <= short.length; i++) if (long.includes(short.slice(i, i + run))) return true;
  return false;
}

/** The closing line in the platform's own manner, and a short one for short videos. */
export function callToAction(ctx: ComposeContext, kind: CtaKind): Forms {
  const style = PLATFORM_STYLES[ctx.platform];
  // "Next time" is another video: never the topic this one is about, nor the same question put
  // another way ("面试被问缺点怎么答" → "面试被问缺点，别再说太追求完美").
  const plain = (t: string) => t.replace(/[^\p{L}\p{N}]/gu, '');
  const topic = plain(ctx.analysis.topic);
  const next = ctx.m.ideas.find((i) => !sharesRun(topic, plain(i), SAME_QUESTION_RUN));
  const slots = {
    idea: next ?? ctx.m.subject,
    subject: ctx.m.subject,
    question: ctx.m.story.question,
    product: ctx.m.product.name,
    place: ctx.m.place?.name ?? ctx.m.subject,
  };
  // Fifteen seconds may end on the last point; only a sale always says where to buy.
  const optional = ctx.plan.totalSec <= 20 && kind !== 'buy' ? [''] : [];
  return [frame(ctx, style.cta[kind], slots), fillFrame(SHORT_CTA[kind], slots), ...optional];
}

export const platformName = (platform: Platform) => PLATFORM_STYLES[platform].name;
