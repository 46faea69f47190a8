import { vlog } from './beats-story.ts';
import { type BeatWriters, factExtras } from './beats-talk.ts';
import {
  type ComposeContext,
  callToAction,
  FRAMES,
  frame,
  listItems,
  tipLine,
  visual,
  visuals,
} from './compose-context.ts';
import type { Forms } from './fit-to-time.ts';

/** Usage tips from the subtopic's points, for long videos: each variant tells its own side of them. */
const tips = (ctx: ComposeContext, from: number): Forms[] =>
  ctx.m.points.slice(from).map((p, k) => tipLine(ctx, p, k));

/** 带货种草: the pain → the product → what it visibly does → before and after → price and who it is for → where to buy. */
export function daihuo(ctx: ComposeContext): BeatWriters {
  const { m } = ctx;
  const p = m.product;
  const list = ctx.analysis.count ? listItems(ctx, 0) : undefined;
  const pain = m.pains[0] ?? p.what;
  return {
    scene: (beat) => ({
      // Fifteen seconds of selling start on the product itself.
      core: [[pain, ...(ctx.plan.totalSec <= 20 ? [''] : [])]],
      extras: [],
      visuals: [visual(ctx, 'pain'), ...visuals(ctx, beat, 'pain').slice(1)],
    }),
    reveal: (beat) => ({
      core: [[frame(ctx, FRAMES.sell.reveal, { product: p.name, what: p.what }), `${p.name}。`]],
      extras: [],
      visuals: visuals(ctx, beat, 'product'),
    }),
    demo: (beat) => ({
      // A counted topic ("五件冬装") shows its items; otherwise the product's selling points.
      core: list
        ? [
            [frame(ctx, FRAMES.sell.countIntro, { countRaw: ctx.analysis.count?.raw ?? '' }), ''],
            ...list.items,
          ]
        : p.points.map((point, k): Forms => {
            const said = frame({ variant: k }, FRAMES.sell.feature, { point });
            return k === 0 ? [said] : [said, ''];
          }),
      extras: list ? factExtras(ctx) : [...tips(ctx, 0), ...factExtras(ctx)],
      visuals: list
        ? [visuals(ctx, beat, 'product')[0] ?? '', ...list.visuals]
        : visuals(ctx, beat, 'feature'),
      pieceScenes: !!list,
    }),
    compare: (beat) => ({ core: [[p.proof, '']], extras: [], visuals: visuals(ctx, beat, 'feature') }),
    offer: (beat) => ({
      core: [
        [
          frame(ctx, FRAMES.sell.offer, { price: p.price, fitFor: p.fitFor, notFor: p.notFor }),
          `${p.price}。`,
        ],
      ],
      extras: [],
      visuals: visuals(ctx, beat, 'offer'),
      keep: true,
    }),
    cta: (beat) => ({ core: [callToAction(ctx, 'buy')], extras: [], visuals: visuals(ctx, beat, 'cta') }),
  };
}

/** 探店: the place → where and what it is like → the signature → price → the honest verdict → the address. */
export function tandian(ctx: ComposeContext): BeatWriters {
  const place = ctx.m.place;
  if (!place) return visitWithoutPlace(ctx);
  const list = ctx.analysis.count ? listItems(ctx, 0) : undefined;
  return {
    hook: (beat) => ({
      core: [[frame(ctx, FRAMES.visit.hook, { place: place.name })]],
      extras: [],
      visuals: visuals(ctx, beat, 'place'),
    }),
    place: (beat) => ({
      core: [[place.where], [place.vibe, '']],
      extras: [],
      visuals: visuals(ctx, beat, 'place'),
    }),
    signature: (beat) => ({
      core: list ? list.items : place.signature.map((s, k): Forms => (k === 0 ? [s] : [s, ''])),
      extras: list ? factExtras(ctx) : [...tips(ctx, 0), ...factExtras(ctx)],
      visuals: list ? list.visuals : visuals(ctx, beat, 'dish'),
      pieceScenes: !!list,
    }),
    price: (beat) => ({ core: [[place.price]], extras: [], visuals: visuals(ctx, beat, 'dish') }),
    verdict: (beat) => ({
      core: [
        [frame(ctx, FRAMES.visit.verdict, { minus: place.minus }), ''],
        [frame(ctx, FRAMES.visit.fit, { fitFor: place.fitFor }), ''],
      ],
      extras: [],
      visuals: visuals(ctx, beat, 'inside'),
    }),
    cta: (beat) => ({ core: [callToAction(ctx, 'visit')], extras: [], visuals: visuals(ctx, beat, 'cta') }),
  };
}

/**
 * A subject without a place to visit (离职, 个税) gets the 探店 beats as a first-hand visit of
 * its own scenes, written from its vlogs, rather than a made-up shop.
 */
function visitWithoutPlace(ctx: ComposeContext): BeatWriters {
  // Another of the subtopic's vlogs than the Vlog template of this variant tells.
  const day = vlog({ ...ctx, m: { ...ctx.m, vlog: ctx.m.visit } });
  const pick = (key: string) => day[key] as NonNullable<BeatWriters[string]>;
  return {
    hook: pick('teaser'),
    place: pick('start'),
    signature: pick('process'),
    price: pick('episode'),
    verdict: pick('reflect'),
    cta: pick('cta'),
  };
}
