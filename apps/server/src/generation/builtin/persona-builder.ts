import type { PersonaAnalyzeInput, PersonaDraft } from '@app/contract/generation';
import { fill, type Slots } from './fill.ts';
import { profileFor } from './niche.ts';
import phrases from './phrases/persona.json' with { type: 'json' };
import { PLATFORM_STYLES } from './platform-style.ts';
import { computeRadar } from './radar.ts';
import type { Rng } from './random.ts';
import { byRelevance } from './script-context.ts';

const MONEY_GOAL = /带货|变现|赚钱|收入|卖|接广告|商单|橱窗|直播|私域/;
const GROWTH_GOAL = /涨粉|粉丝|爆款|流量|播放|曝光|热门/;

/** Which title formulas the creator already leans on, read from their recent titles. */
function titleStyles(titles: string[]): Set<string> {
  const styles = new Set<string>();
  for (const t of titles) {
    if (/\d|[一二三四五六七八九十]个/.test(t)) styles.add('number');
    if (/[?？]|是不是|为什么|怎么/.test(t)) styles.add('question');
    if (/其实|真相|别再|错了|竟然/.test(t)) styles.add('myth');
    if (/我|年/.test(t)) styles.add('identity');
  }
  return styles;
}

const unique = (items: string[]) => [...new Set(items.filter((s) => s.length > 0))];

export function buildPersona(input: PersonaAnalyzeInput, rng: Rng): PersonaDraft {
  // Only the niche field decides the profile: bios and goals mention money and work in every field.
  const profile = profileFor(input.niche, input.niche);
  const style = PLATFORM_STYLES[input.platform];
  // What the creator wrote about themselves steers who they are and whom they talk to.
  const about = [input.accountName, input.bio ?? '', input.goal, ...input.recentTitles].join(' ');
  const [audience = '', audience2 = ''] = byRelevance(profile.audiences, about, rng, (a) => a);
  const slots: Slots = {
    account: input.accountName,
    niche: input.niche,
    platform: style.name,
    role: byRelevance(profile.roles, about, rng, (r) => r)[0] ?? rng.pick(profile.roles),
    audience,
    audience2,
    pain: rng.pick(profile.pains),
    item: rng.pick(profile.items),
    scene: rng.pick(profile.scenes),
    myth: rng.pick(profile.myths).myth,
    outcome: rng.pick(profile.outcomes),
    product: rng.pick(profile.products),
    hot: rng.pick(profile.hots),
    years: rng.pick(['三', '五', '六', '八']),
    num: rng.pick(['3', '5']),
    suffix: rng.pick(phrases.nameSuffixes),
    age: rng.pick(style.age),
    word1: rng.pick(style.toneWords),
    word2: rng.pick(profile.tone),
    analogy: rng.pick(phrases.toneAnalogies),
    goal: input.goal,
  };
  const text = (pattern: string) => fill(pattern, slots) ?? '';

  // "阿杰的小厨房的美食手记" reads badly: a name that already has 的 gets the ｜ form.
  const namePatterns = input.accountName.includes('的')
    ? phrases.names.filter((n) => n.includes('｜'))
    : phrases.names;
  const names = rng.shuffle(namePatterns).map(text);
  const name = names.find((n) => n.length <= 40) ?? input.accountName.slice(0, 40);

  const known = titleStyles(input.recentTitles);
  // Formulas the creator already uses come first: build on what works for them.
  const formulas = rng
    .shuffle(phrases.titleFormulas)
    .sort((a, b) => Number(known.has(b.style)) - Number(known.has(a.style)))
    .slice(0, rng.int(4, 5))
    .map((f) => text(rng.pick(f.texts)));

  const [m1 = '', m2 = ''] = rng.sample(profile.monetization, 2);
  const followers = input.followers ?? 0;
  const stage =
    phrases.monetizationStages.find((s) => s.below !== null && followers < s.below) ??
    phrases.monetizationStages[phrases.monetizationStages.length - 1];
  const goalNotes = MONEY_GOAL.test(input.goal)
    ? phrases.goalMoney
    : GROWTH_GOAL.test(input.goal)
      ? phrases.goalGrowth
      : phrases.goalOther;
  const stageText = stage ? rng.pick(stage.texts) : '';
  const monetization = fill(`${stageText}${rng.pick(goalNotes)}`, { ...slots, m1, m2 }) ?? '';

  return {
    name,
    positioning: text(rng.pick(phrases.positioning)),
    audience: text(rng.pick(phrases.audience)),
    tags: unique([
      input.niche.slice(0, 20),
      ...rng.sample(profile.tags, 3),
      rng.pick(phrases.traitTags),
    ]).slice(0, 8),
    tone: text(rng.pick(phrases.tone)),
    pillars: rng.sample(phrases.pillars, rng.int(4, 5)).map(text),
    titleFormulas: formulas,
    monetization: monetization.slice(0, 300),
    radar: computeRadar(input, profile, rng),
  };
}
