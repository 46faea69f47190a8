import type { TemplateId } from '@app/contract/generation';
import type { TopicAnalysis } from '../../analysis/topic-analysis.ts';
import type { Myth, Place, Point, Product, Story, Vlog } from '../../knowledge/knowledge-schema.ts';
import fallbackJson from './fallback.json' with { type: 'json' };

export type Facet = 'how' | 'why' | 'example';

/**
 * What one variant writes from: the subtopic's material, rotated so that the variants of one
 * request start from different points, myths, stories, products and places.
 */
export interface Material {
  /** False when no subtopic covers the topic: the material is the honest general kind. */
  known: boolean;
  subject: string;
  name: string;
  /** Points the topic names come first; the rest rotate by variant. */
  points: Point[];
  facet: Facet;
  myths: Myth[];
  pains: string[];
  story: Story;
  vlog: Vlog;
  /** The day a place-less 探店 records: another vlog than the Vlog template's. */
  visit: Vlog;
  product: Product;
  place: Place | null;
  ideas: string[];
  scenes: string[];
  props: string[];
  terms: string[];
}

/** `items` starting at the variant's share: variant 1 of 10 items starts at the 4th, of 4 at the 2nd. */
export function rotate<T>(items: readonly T[], variant: number, parts = 3): T[] {
  if (items.length === 0) return [];
  const start = Math.floor((variant * items.length) / parts) % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

const FACETS: Facet[] = ['how', 'why', 'example'];

/** Two-character pieces the topic shares with `text`: enough to tell "离职证明怎么开" wants that point. */
function sharedPieces(topic: string, text: string, skip: readonly string[]): number {
  let rest = topic;
  for (const w of skip) rest = rest.replaceAll(w, ' ');
  let n = 0;
  for (let i = 0; i + 1 < rest.length; i++) {
    const piece = rest.slice(i, i + 2);
    if (/^\p{Script=Han}{2}$/u.test(piece) && text.includes(piece)) n++;
  }
  return n;
}

/** `items` most alike to `text` first (stable), leaving out the words every entry shares. */
export function closestTo<T>(
  items: readonly T[],
  text: string,
  skip: readonly string[],
  of: (t: T) => string,
): T[] {
  const score = new Map(items.map((x) => [x, sharedPieces(of(x), text, skip)]));
  return [...items].sort((a, b) => (score.get(b) ?? 0) - (score.get(a) ?? 0));
}

/** The entries the topic itself names first, in their own order; the others rotated by variant. */
function relevantFirst<T>(
  items: readonly T[],
  variant: number,
  topic: string,
  skip: string[],
  text: (t: T) => string,
  ordered = false,
): T[] {
  const named = items.filter((x) => sharedPieces(topic, text(x), skip) >= 2);
  const rest = items.filter((x) => !named.includes(x));
  return [...named, ...(ordered ? rest : rotate(rest, variant))];
}

const fill = (text: string, subject: string) => text.replaceAll('{subject}', subject);
const fillDeep = <T>(value: T, subject: string): T => JSON.parse(fill(JSON.stringify(value), subject)) as T;

// Templates start their variants on different facets: a 口播 and a 剧情 of one topic do not
// explain a point with the same sentence.
const FACET_OFFSET: Record<TemplateId, number> = {
  koubo: 0,
  kepu: 1,
  juqing: 2,
  vlog: 1,
  daihuo: 2,
  tandian: 0,
};

/** The material for one variant of a script about `analysis`. */
export function materialFor(
  analysis: TopicAnalysis,
  variant: number,
  templateId: TemplateId = 'koubo',
): Material {
  const v = Math.max(0, Math.floor(variant)) % 3;
  const facetAt = (v + FACET_OFFSET[templateId]) % 3;
  const sub = analysis.subtopic;
  if (sub) {
    const skip = analysis.matched;
    const ordered = sub.ordered === true;
    const points = ordered
      ? [...sub.points]
      : relevantFirst(sub.points, v, analysis.topic, skip, (p) => p.name + p.how);
    return {
      known: true,
      subject: sub.subject,
      name: sub.name,
      points,
      facet: FACETS[facetAt] ?? 'how',
      myths: relevantFirst(sub.myths, v, analysis.topic, skip, (m) => m.myth + m.truth),
      pains: rotate(sub.pains, v),
      story: sub.stories[v % sub.stories.length] as Story,
      vlog: sub.vlogs[v % sub.vlogs.length] as Vlog,
      visit: sub.vlogs[(v + 1) % sub.vlogs.length] as Vlog,
      product: sub.products[v % sub.products.length] as Product,
      place: sub.places.length > 0 ? (sub.places[v % sub.places.length] as Place) : null,
      ideas: rotate(sub.ideas, v),
      scenes: rotate(sub.scenes, v),
      props: rotate(sub.props, v),
      terms: [...sub.match, ...sub.terms],
    };
  }
  // Nothing known about this subject: the field's general advice, and story shapes that invent no facts.
  const subject = analysis.core;
  const general = analysis.niche?.general;
  const fb = fillDeep(fallbackJson, subject);
  const points: Point[] = (general?.points ?? fb.points).map((p) => ({
    name: fill(p.name, subject),
    how: fill(p.how, subject),
    why: fill(p.why, subject),
    example: fill(p.why, subject),
    visual: fill(p.visual, subject),
  }));
  return {
    known: false,
    subject,
    name: subject,
    points: rotate(points, v),
    facet: facetAt === 1 ? 'why' : 'how',
    myths: rotate(fb.myths, v),
    pains: rotate(
      (general?.pains ?? fb.pains).map((p) => fill(p, subject)),
      v,
    ),
    story: fb.stories[v % fb.stories.length] as Story,
    vlog: fb.vlogs[v % fb.vlogs.length] as Vlog,
    visit: fb.vlogs[(v + 1) % fb.vlogs.length] as Vlog,
    product: fb.products[v % fb.products.length] as Product,
    place: null,
    ideas: fb.ideas,
    scenes: fb.scenes,
    props: fb.props,
    terms: [subject],
  };
}
