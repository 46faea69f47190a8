import type { PersonaRadar } from '@app/contract/generation';
import beauty from './phrases/niches/beauty.json' with { type: 'json' };
import career from './phrases/niches/career.json' with { type: 'json' };
import emotion from './phrases/niches/emotion.json' with { type: 'json' };
import finance from './phrases/niches/finance.json' with { type: 'json' };
import fitness from './phrases/niches/fitness.json' with { type: 'json' };
import food from './phrases/niches/food.json' with { type: 'json' };
import generic from './phrases/niches/generic.json' with { type: 'json' };
import home from './phrases/niches/home.json' with { type: 'json' };
import life from './phrases/niches/life.json' with { type: 'json' };
import parenting from './phrases/niches/parenting.json' with { type: 'json' };
import pet from './phrases/niches/pet.json' with { type: 'json' };
import study from './phrases/niches/study.json' with { type: 'json' };
import tech from './phrases/niches/tech.json' with { type: 'json' };
import travel from './phrases/niches/travel.json' with { type: 'json' };

export interface MythTruth {
  myth: string;
  truth: string;
}

/** Everything the builtin knows about one field of content; see phrases/niches/*.json. */
export interface NicheProfile {
  key: string;
  label: string;
  match: string[];
  roles: string[];
  audiences: string[];
  /** Verb phrases without a subject: fit "是不是也{pain}？". */
  pains: string[];
  items: string[];
  /** Physical objects that can be put on a table or shown in close-up. */
  props: string[];
  scenes: string[];
  shops: string[];
  cast: string[];
  /** Full sentences of concrete advice, without final punctuation. */
  tips: string[];
  myths: MythTruth[];
  /** Verb phrases: fit "就能{outcome}". */
  outcomes: string[];
  products: string[];
  monetization: string[];
  tags: string[];
  hots: string[];
  tone: string[];
  radar: PersonaRadar;
}

const PROFILES: NicheProfile[] = [
  food,
  career,
  tech,
  beauty,
  parenting,
  fitness,
  travel,
  study,
  finance,
  home,
  emotion,
  pet,
  life,
];
const GENERIC: NicheProfile = generic;
const LIFE: NicheProfile = life;

/** Keywords count by length; a named item or product of the field ("红烧肉") counts half. */
function score(profile: NicheProfile, haystack: string): number {
  const has = (word: string) => word.length > 0 && haystack.includes(word.toLowerCase());
  let total = 0;
  for (const word of profile.match) if (has(word)) total += word.length;
  for (const word of [...profile.items, ...profile.products, ...profile.tags])
    if (has(word)) total += word.length / 2;
  return total;
}

/** The profile that covers most of the text, or null when none does. */
export function detectNiche(text: string): NicheProfile | null {
  const haystack = text.toLowerCase();
  let best: NicheProfile | null = null;
  let bestScore = 0;
  for (const profile of PROFILES) {
    const s = score(profile, haystack);
    if (s > bestScore) {
      best = profile;
      bestScore = s;
    }
  }
  return best;
}

/** The generic profile with every {niche} replaced by the creator's own word for their field. */
export function genericProfile(niche: string): NicheProfile {
  const escaped = JSON.stringify(niche).slice(1, -1);
  return JSON.parse(JSON.stringify(GENERIC).replaceAll('{niche}', escaped)) as NicheProfile;
}

/**
 * The profile for `text`. Unmatched, a creator's own field word (`fieldWord`, e.g. "钓鱼") gets
 * the generic profile named after it; a bare topic falls back to everyday life, which fits
 * almost any topic better than a profile built around a whole sentence.
 */
export function profileFor(text: string, fieldWord?: string): NicheProfile {
  return detectNiche(text) ?? (fieldWord ? genericProfile(fieldWord) : LIFE);
}
