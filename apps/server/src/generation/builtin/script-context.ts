import type { ScriptTask } from '../generation-provider.ts';
import { ordinals, queue, type Slots } from './fill.ts';
import { type NicheProfile, profileFor } from './niche.ts';
import { PLATFORM_STYLES } from './platform-style.ts';
import type { Rng } from './random.ts';
import { COMMON } from './script-phrases.ts';

const END_PUNCT = /[\s？?！!。.，,：:；;…]+$/;
const QUESTION_HEAD = /^(如何|怎么样|怎么|怎样|为什么|为啥)/;
// "年终述职怎么写" → "年终述职"; a two-character verb ("怎么存钱") carries meaning and stays.
const QUESTION_TAIL =
  /(怎么办|怎么样|(怎么|如何|怎样)[写选玩做办过买吃学练养穿用治搞带拍说]?|是什么|有哪些|好不好|值不值|吗|呢)$/;

const fit = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * The topic as written, and its core: the noun phrase without "怎么/如何/吗", which reads
 * naturally inside a sentence ("为了年终述职，我…" rather than "为了年终述职怎么写，我…").
 */
export function topicForms(topic: string): { topic: string; topicShort: string; topicCore: string } {
  const clean = topic.trim().replace(END_PUNCT, '') || topic.trim();
  const core = clean.replace(QUESTION_HEAD, '').replace(QUESTION_TAIL, '').replace(END_PUNCT, '');
  const base = core.length >= 2 ? core : clean;
  const firstClause = base.split(/[，,、；;\s]/)[0] ?? base;
  const topicCore = base.length <= 16 ? base : fit(firstClause.length >= 2 ? firstClause : base, 16);
  return { topic: clean, topicShort: fit(clean, 16), topicCore };
}

// Characters too common to say anything about what a sentence is about.
const FUNCTION_CHARS = new Set(
  '的了是在我你他她们就都也很不和与一个上下这那有为之把被着过吗呢吧啊还要会能让得地到说做',
);

/**
 * A cheap "is this about the topic": shared two-character pieces weigh most, shared
 * meaningful characters ("肉" in 红烧肉) a little.
 */
export function overlap(entry: string, topic: string): number {
  let n = 0;
  for (let i = 0; i + 1 < entry.length; i++) if (topic.includes(entry.slice(i, i + 2))) n += 2;
  for (const ch of new Set(entry))
    if (!FUNCTION_CHARS.has(ch) && /\p{Script=Han}/u.test(ch) && topic.includes(ch)) n++;
  return n;
}

/** Entries closest to the topic first, ties in random order. */
export function byRelevance<T>(items: readonly T[], topic: string, rng: Rng, text: (t: T) => string): T[] {
  return rng
    .shuffle(items)
    .map((item) => ({ item, score: overlap(text(item), topic) }))
    .sort((a, b) => b.score - a.score)
    .map((x) => x.item);
}

/** A random entry among those that share the most with the topic. */
function pickRelevant(items: readonly string[], topic: string, rng: Rng): string {
  return byRelevance(items, topic, rng, (s) => s)[0] ?? rng.pick(items);
}

export interface ScriptContext {
  profile: NicheProfile;
  niche: string;
  topicCore: string;
  topicShort: string;
  slots: Slots;
}

/**
 * Picks everything one script is written about: the field, the people, the props, the myth it
 * busts and the tips it teaches. Picks come from the variant's generator, so variants differ.
 */
export function buildScriptContext(task: ScriptTask, rng: Rng): ScriptContext {
  const forms = topicForms(task.topic);
  const persona = task.persona;
  const text = [task.topic, persona?.tags.join(' '), persona?.positioning, task.extra].join(' ');
  const fieldWord = persona?.tags[0] ?? (forms.topicCore.length <= 4 ? forms.topicCore : undefined);
  const profile = profileFor(text, fieldWord);
  const niche = persona?.tags[0] ?? profile.label;

  const about = `${forms.topic} ${task.extra ?? ''}`;
  const [first, second] = byRelevance(profile.myths, about, rng, (m) => m.myth + m.truth);
  const { myth, truth } = first ?? profile.myths[0]!;
  // A second myth gives long videos more to say without repeating the first.
  const { myth: myth2, truth: truth2 } = second ?? first ?? profile.myths[0]!;
  // Tips are handed out most relevant first; a twist that reveals one ({tip}) is written first.
  const tips = queue(byRelevance(profile.tips, about, rng, (t) => t));
  const rival = rng.pick(profile.cast);
  const slots: Slots = {
    ...forms,
    niche,
    role: rng.pick(profile.roles),
    audience: pickRelevant(profile.audiences, about, rng),
    pain: pickRelevant(profile.pains, about, rng),
    item: pickRelevant(profile.items, about, rng),
    prop: rng.pick(profile.props),
    scene: rng.pick(profile.scenes),
    shop: rng.pick(profile.shops),
    rival,
    // A second person for arcs where the help comes from someone other than the antagonist.
    ally: rng.pick(profile.cast.filter((c) => c !== rival)),
    myth,
    truth,
    myth2,
    truth2,
    tip: tips,
    tipNext: tips,
    ordinal: ordinals(),
    outcome: pickRelevant(profile.outcomes, about, rng),
    product: pickRelevant(profile.products, about, rng),
    price: rng.pick(COMMON.prices),
    years: rng.pick(COMMON.years),
    num: rng.pick(COMMON.nums),
    platform: PLATFORM_STYLES[task.platform].name,
  };
  return { profile, niche, topicCore: forms.topicCore, topicShort: forms.topicShort, slots };
}
