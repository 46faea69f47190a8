import { bare, firstClause } from '../../analysis/spoken.ts';
import { listsMyths } from '../../analysis/topic-analysis.ts';
import type { Point } from '../../knowledge/knowledge-schema.ts';
import type { PlanBeat } from '../../templates/twist-plan.ts';
import {
  type ComposeContext,
  callToAction,
  FRAMES,
  frame,
  listItems,
  pointItem,
  visual,
  visuals,
} from './compose-context.ts';
import type { BeatText, Forms } from './fit-to-time.ts';

export type BeatBody = Omit<BeatText, 'beat'>;
export type BeatWriters = Record<string, (beat: PlanBeat) => BeatBody>;

const one = (text: string | undefined): Forms[] => (text ? [[text]] : []);
const droppable = (text: string | undefined): Forms[] => (text ? [[text, '']] : []);

/** The opening line of a talk: the topic itself, the viewer's pain, or the question the myth raises. */
export function talkHook(ctx: ComposeContext): Forms {
  const { analysis: a, m, topicLine } = ctx;
  const angle = ctx.variant % 3;
  // Fifteen seconds with a list to count: the title says the topic, the first item opens.
  const tight = a.count && ctx.plan.totalSec <= 20 ? [''] : [];
  if (angle === 1 && m.pains[0]) return [m.pains[0], ...tight];
  // A list of myths says the first one as its first item: the hook does not ask it too.
  if (angle === 2 && listsMyths(a.count) && m.pains[1]) return [m.pains[1], ...tight];
  if (angle === 2 && m.myths[0] && !listsMyths(a.count)) return [m.myths[0].question, ...tight];
  if (a.compare) {
    const [x, y] = a.compare;
    return [frame(ctx, FRAMES.hook.compare, { a: x, b: y })];
  }
  const group = a.count ? FRAMES.hook.count : FRAMES.hook.plain;
  return [
    frame(ctx, group, { topic: topicLine, unit: a.count?.ordinalUnit ?? '' }),
    `${topicLine}。`,
    ...tight,
  ];
}

/** The body says the first myth (or lists the first few) and the twist takes the next two. */
export const mythsAfterTwist = (ctx: ComposeContext) =>
  (listsMyths(ctx.analysis.count) ? (ctx.analysis.count?.n ?? 0) : 1) + 2;

/**
 * Extras that add facts without promising more list items: the remaining myths, each variant
 * telling them from its own side (the belief, the question, the example), so long versions of one
 * request do not say the same sentences.
 */
export function factExtras(ctx: ComposeContext, fromMyth = mythsAfterTwist(ctx)): Forms[] {
  return ctx.m.myths.slice(fromMyth).flatMap((x, k): Forms[] => {
    // Short videos with a little time left take the myth's one-line rule instead.
    if (ctx.m.facet === 'how') {
      return [
        [frame(ctx, FRAMES.extraMyth, { myth: x.myth, truth: x.truth }, k), x.rule],
        [frame(ctx, FRAMES.example, { example: x.example }, k + 1)],
      ];
    }
    if (ctx.m.facet === 'why') {
      return [
        [`${x.question}${frame(ctx, FRAMES.answer, { truth: x.truth }, k)}`, x.rule],
        [frame(ctx, FRAMES.why, { why: x.why, whyBare: bare(x.why) }, k)],
      ];
    }
    return [
      [
        `${frame(ctx, FRAMES.truth, { truth: x.truth }, k)}${frame(ctx, FRAMES.example, { example: x.example }, k)}`,
        x.rule,
      ],
    ];
  });
}

/** A point said from the variant's side: how to do it, why it matters, or an example of it. */
function pointFact(ctx: ComposeContext, p: Point, k: number): Forms {
  const facet = ctx.m.facet;
  return [frame(ctx, FRAMES.pointFacet[facet], { name: p.name, [facet]: p[facet] }, k)];
}

/** More points, numbered on from the list: only where the topic did not promise a count. */
function pointExtras(ctx: ComposeContext, from: number): Forms[] {
  if (ctx.analysis.count) return [];
  return ctx.m.points.slice(from).map((p, k) => pointItem(ctx, p, from + k, undefined));
}

/** 口播: hook → pain → the points → a case → call to action. */
export function koubo(ctx: ComposeContext): BeatWriters {
  const { m } = ctx;
  const list = listItems(ctx, ctx.plan.totalSec <= 30 ? 2 : 3);
  const myth = m.myths[0];
  const angle = ctx.variant % 3;
  const caseText = listsMyths(ctx.analysis.count)
    ? m.points[0]?.example
    : (m.points[list.usedPoints]?.example ?? myth?.example);
  return {
    hook: (beat) => ({
      core: [talkHook(ctx)],
      extras: [],
      visuals: [visual(ctx, 'hook'), ...visuals(ctx, beat, 'talk').slice(1)],
    }),
    pain: (beat) => ({
      // The hook took the pain or asked the myth's question: this beat answers it. A bridge
      // ("说的是不是你？") never stands alone: it rides with the sentence it leads into.
      core: ((): Forms[] => {
        const bridge = frame(ctx, FRAMES.painBridge);
        if (angle === 2 && myth && !listsMyths(ctx.analysis.count))
          return [[frame(ctx, FRAMES.answer, { truth: myth.truth }), myth.rule], ...droppable(m.pains[0])];
        if (angle === 1 && myth && !listsMyths(ctx.analysis.count)) {
          const belief = `${frame(ctx, FRAMES.myth, { myth: myth.myth })}${frame(ctx, FRAMES.truth, { truth: myth.truth })}`;
          return [[`${bridge}${belief}`, belief, '']];
        }
        return m.pains[0] ? [[`${m.pains[0]}${bridge}`, m.pains[0], '']] : [];
      })(),
      extras: [],
      visuals: visuals(ctx, beat, 'pain'),
    }),
    insight: () => ({
      core: list.items,
      extras: pointExtras(ctx, list.usedPoints),
      visuals: [...list.visuals, ...ctx.m.points.slice(list.usedPoints).map((p) => p.visual)],
      pieceScenes: true,
    }),
    proof: (beat) => ({
      core: droppable(caseText && frame(ctx, FRAMES.example, { example: caseText })),
      extras: factExtras(ctx),
      visuals: visuals(ctx, beat, 'example'),
    }),
    cta: (beat) => ({ core: [callToAction(ctx, 'follow')], extras: [], visuals: visuals(ctx, beat, 'cta') }),
  };
}

/** 知识科普: question → the common belief → the truth and why (claim, explanation) → an example → a rule. */
export function kepu(ctx: ComposeContext): BeatWriters {
  const { m, analysis } = ctx;
  const counted = !!analysis.count;
  const myth = m.myths[0];
  const list = counted ? listItems(ctx, 0) : undefined;
  const mythList = listsMyths(analysis.count);
  // Each myth of a "三个误区" list is claimed wrong and explained: the explanation goes first
  // when time is short, the last items first.
  const mythReasons: Forms[] = (list?.items ?? []).map((forms, k) => {
    const x = m.myths[k];
    if (!x || !forms[0]) return forms;
    return [`${forms[0]}${frame(ctx, FRAMES.why, { why: x.why, whyBare: bare(x.why) }, k)}`, ...forms];
  });
  const pointFrom = list?.usedPoints ?? 0;
  const question: Forms = counted || !myth ? talkHook(ctx) : [myth.question];
  const element = myth?.element ?? m.subject;
  return {
    question: (beat) => ({
      core: [question],
      extras: [],
      visuals: [visual(ctx, 'hook'), ...visuals(ctx, beat, 'talk').slice(1)],
    }),
    myth: (beat) => ({
      // The belief the claim answers: only a fifteen-second video goes without it. A list of
      // myths says its beliefs as its items, so this beat says what goes wrong instead.
      core:
        myth && !mythList
          ? [[frame(ctx, FRAMES.myth, { myth: myth.myth }), ...(ctx.plan.totalSec < 30 ? [''] : [])]]
          : droppable(question[0] === m.pains[0] ? m.pains[1] : m.pains[0]),
      // The hook of this variant may already be the pain.
      extras: question[0] === m.pains[0] ? [] : one(m.pains[0]),
      visuals: visuals(ctx, beat, 'myth', { element }),
    }),
    principle: (beat) => ({
      // Claim, reason and (in apply) example are the spine of 科普: they shorten, never go.
      core: mythList
        ? mythReasons
        : [
            ...(myth ? [[frame(ctx, FRAMES.truth, { truth: myth.truth }), `其实，${myth.rule}`]] : []),
            ...(myth
              ? [
                  [
                    frame(ctx, FRAMES.why, { why: myth.why, whyBare: bare(myth.why) }),
                    `因为${firstClause(myth.why, 16)}。`,
                  ],
                ]
              : []),
            ...(list?.items ?? []),
          ],
      extras: [],
      visuals: [
        ...visuals(ctx, beat, 'truth', { element }).slice(0, myth && !mythList ? 2 : 0),
        ...(list?.visuals ?? []),
      ],
      pieceScenes: !!list,
    }),
    apply: (beat) => ({
      core: [
        // A fifteen-second video holds a claim and its reason; the example needs thirty.
        ...(myth
          ? [[frame(ctx, FRAMES.example, { example: myth.example }), ...(ctx.plan.totalSec < 30 ? [''] : [])]]
          : []),
        ...(m.points[pointFrom] && !counted ? [[...pointFact(ctx, m.points[pointFrom], 0), '']] : []),
      ],
      extras: [
        ...(counted ? [] : m.points.slice(pointFrom + 1).map((p, k) => pointFact(ctx, p, k + 1))),
        ...factExtras(ctx),
      ],
      visuals: visuals(ctx, beat, 'example'),
    }),
    summary: (beat) => ({
      core: droppable(myth && frame(ctx, FRAMES.rule, { rule: myth.rule })),
      extras: [],
      visuals: visuals(ctx, beat, 'talk'),
    }),
    cta: (beat) => ({ core: [callToAction(ctx, 'follow')], extras: [], visuals: visuals(ctx, beat, 'cta') }),
  };
}
