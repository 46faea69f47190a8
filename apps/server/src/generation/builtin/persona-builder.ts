import type { PersonaAnalyzeInput, PersonaDraft } from '@app/contract/generation';
import { NUMERAL } from '../analysis/chinese-numbers.ts';
import { bare } from '../analysis/spoken.ts';
import type { Niche } from '../knowledge/knowledge-schema.ts';
import type { Knowledge, KnownSubtopic } from '../knowledge/load-knowledge.ts';
import { detectNiche, foundWords } from '../knowledge/match-subtopic.ts';
import { fillFrame } from './compose/compose-context.ts';
import { clipText, fitLabel } from './fit-text.ts';
import frames from './persona-frames.json' with { type: 'json' };
import { PLATFORM_STYLES } from './platform-style.ts';
import { computeRadar } from './radar.ts';
import type { Rng } from './random.ts';

const MONEY_GOAL = /带货|变现|赚钱|收入|卖|接广告|广告|商单|橱窗|直播|私域|合作|训练营|课程/;
const GROWTH_GOAL = /涨粉|粉丝|爆款|流量|播放|曝光|热门/;
/** Words that say who someone is: a bio clause with one of them (or a number) is their identity. */
const ROLE =
  /HR|老师|教练|程序员|设计师|妈妈|宝妈|爸爸|医生|护士|律师|会计|厨师|司机|工人|学生|主播|店主|老板|维修|退休|摄影|编辑|销售|农民|果园|女生|男生|学姐|学长|博士|硕士|上岸|人$/;
const HAS_NUMBER = new RegExp(NUMERAL);
// Accounts about the night never get pillars about the morning, a cat account none about dogs:
// [what the account says, what it does not say, subtopics that then do not fit it].
const CONFLICTS: Array<[RegExp, RegExp, RegExp]> = [
  [/深夜|夜宵|宵夜|加班回家|下班后/, /早餐|清晨|早起/, /早餐|清晨|早上|早市/],
  [/早餐|清晨|早起/, /深夜|夜宵|宵夜/, /夜宵|深夜|宵夜/],
  [/猫/, /狗/, /狗/],
  [/狗/, /猫/, /猫/],
];

const clauses = (text: string) =>
  text
    .split(/[，,。；;！!？?\n]/)
    .map((c) => c.trim())
    .filter(Boolean);

/** Who the creator says they are, in their own words: "外企HR十年", "两个孩子的妈妈". */
function identityOf(input: PersonaAnalyzeInput, label: string): string {
  const parts = clauses(input.bio ?? '');
  const own = parts.find((c) => c.length <= 16 && (ROLE.test(c) || HAS_NUMBER.test(c)));
  return own ?? parts.find((c) => c.length <= 12) ?? `${label}博主`;
}

/** Subtopics the account already talks about (its name, bio, titles), its own field first. */
function subtopicsOf(
  input: PersonaAnalyzeInput,
  k: Knowledge,
  niche: Niche | undefined,
  rng: Rng,
): KnownSubtopic[] {
  const text = [input.accountName, input.bio ?? '', ...input.recentTitles, input.goal].join('\n');
  const conflicting = CONFLICTS.filter(([says, not]) => says.test(text) && !not.test(text)).map(
    ([, , other]) => other,
  );
  const fits = (s: KnownSubtopic) =>
    !conflicting.some((re) => re.test(`${s.name}${s.subject}${s.match.join('')}`));
  // The account's own field counts its vocabulary; another field needs its very subject named.
  const scored = k.subtopics
    .filter(fits)
    .map((s) => {
      const own = s.niche === niche?.key;
      const words = foundWords(text, s.match).reduce((n, w) => n + w.length ** 1.5, 0);
      const terms = own
        ? foundWords(
            text,
            s.terms.filter((t) => t.length >= 2),
          ).length * 0.5
        : 0;
      return { s, own, score: words > 0 && own ? words + terms + 1 : words + terms };
    })
    // Another field's subtopic needs more than one short word ("辞职旅行" is not about 辞职).
    .filter((x) => x.score >= (x.own ? 1.5 : 5))
    .sort((a, b) => b.score - a.score)
    .map((x) => x.s);
  const rest = rng.shuffle(
    k.subtopics.filter((s) => s.niche === niche?.key && fits(s) && !scored.includes(s)),
  );
  return [...scored, ...rest].slice(0, 4);
}

type Style = keyof typeof frames.formulas;

const PERSONAL_NUMBER = new RegExp(`${NUMERAL}(年|岁|个孩子|个娃)`, 'g');

/**
 * Whether `text` says no years, age or children the creator did not give: an example title like
 * "工作四年才敢提加薪" under an account of ten years would read as a claim about the creator.
 */
function fitsCreator(text: string, input: PersonaAnalyzeInput): boolean {
  const given = [input.accountName, input.bio ?? '', input.goal, ...input.recentTitles].join('\n');
  return [...text.matchAll(PERSONAL_NUMBER)].every((m) => given.includes(m[0]));
}

/** The title styles the creator already uses, read from their recent titles. */
function stylesOf(titles: string[]): Style[] {
  const found = new Set<Style>();
  for (const t of titles) {
    if (/\d|[一二三四五六七八九十两][个件条招步种款样]/.test(t)) found.add('number');
    if (/[?？吗]|怎么|为什么|到底/.test(t)) found.add('question');
    if (/其实|别再|错了|误区|真相|不是/.test(t)) found.add('myth');
    if (/我|那天|当|的一天|经历/.test(t)) found.add('story');
  }
  return [...found];
}

const unique = (items: string[]) => [...new Set(items.filter((s) => s.length > 0))];

/** The contract's limits on a persona's tags (personaDraftSchema). */
const TAG_MAX = 20;
const TAGS_MIN = 3;
const TAGS_MAX = 8;
/** Appended only when the account's own words give fewer than TAGS_MIN distinct tags. */
const FALLBACK_TAGS = ['干货分享', '经验分享', '日常记录'];

/**
 * The persona's tags, each within the contract's length, distinct and at least TAGS_MIN of them:
 * a long field ("python programming tutorials") gives a tag of its whole words, and the
 * "…日常 / …经验" tags are built from a label short enough to take the suffix, so cutting never
 * turns them into copies of each other or leaves half a character.
 */
function tagsOf(
  label: string,
  roleTags: string[],
  subs: KnownSubtopic[],
  niche: Niche | undefined,
): string[] {
  const base = fitLabel(label, TAG_MAX - 2);
  const tags = unique(
    [
      label,
      ...roleTags,
      ...subs.slice(0, 3).map((s) => s.name),
      ...(niche?.tags.slice(0, 2) ?? [`${base}日常`, `${base}经验`]),
    ].map((t) => fitLabel(t, TAG_MAX)),
  ).slice(0, TAGS_MAX);
  return unique([...tags, ...FALLBACK_TAGS]).slice(0, Math.max(tags.length, TAGS_MIN));
}

/**
 * A persona from what the creator wrote: their own bio stays word for word, pillars come from the
 * subtopics their account already touches, title formulas from the styles they already use.
 */
export function buildPersona(input: PersonaAnalyzeInput, k: Knowledge, rng: Rng): PersonaDraft {
  const niche =
    detectNiche(input.niche, k) ?? detectNiche([input.bio ?? '', ...input.recentTitles].join(' '), k);
  const label = input.niche;
  const style = PLATFORM_STYLES[input.platform];
  const subs = subtopicsOf(input, k, niche, rng);
  const identity = identityOf(input, label);
  const subjects =
    unique(subs.map((s) => s.subject))
      .slice(0, 3)
      .join('、') || label;
  const focus = fillFrame(rng.pick(frames.focus), { subjects });
  const bio = bare(input.bio ?? '');
  const positioning = bio
    ? `${bio.length <= 100 ? bio : clauses(bio).slice(0, 3).join('，')}。在${style.name}${focus}。`
    : `${input.accountName}，在${style.name}做${label}内容，${focus}。`;

  const audiences = unique([...subs.map((s) => s.audience), ...(niche?.audiences ?? [])]);
  const audience = fillFrame(frames.audience, {
    aud1: audiences[0] ?? `对${label}感兴趣的人`,
    aud2: audiences[1] ?? `想把${label}做得更好的人`,
    age: rng.pick(style.age),
  });

  const fromTitle = input.recentTitles.find((t) => t.length <= 24);
  const pillars = unique([
    ...subs.map((s) => s.pillar).filter((p) => fitsCreator(p, input)),
    ...(fromTitle ? [fillFrame(frames.titlePillar, { title: fromTitle })] : []),
    ...frames.genericPillars.map((p) => fillFrame(p, { niche: label })),
  ]).slice(0, rng.int(4, 5));

  const styles = unique([
    ...stylesOf(input.recentTitles),
    'question',
    'number',
    'identity',
    'myth',
    'story',
  ]) as Style[];
  const myth = subs.flatMap((s) => s.myths).find((m) => fitsCreator(m.question + m.myth, input));
  const ideas = subs.flatMap((s) => s.ideas).filter((i) => fitsCreator(i, input));
  // From the subtopics when the account has some; from the creator's own titles and field otherwise.
  const own = (re: RegExp) => input.recentTitles.find((t) => re.test(t));
  const examples: Record<Style, string> = {
    number: ideas.find((i) => HAS_NUMBER.test(i)) ?? own(HAS_NUMBER) ?? `${label}新手最容易犯的三个错`,
    question: myth?.question ?? own(/[?？吗]|怎么|为什么/) ?? `${label}到底难不难？`,
    myth: myth ? `${bare(myth.myth)}？其实不对` : `${label}不是越贵越好`,
    identity: ideas[1] ?? ideas[0] ?? `我的${label}心得`,
    story:
      subs.flatMap((s) => s.stories.map((x) => x.title)).find((t) => fitsCreator(t, input)) ??
      own(/我|那天|第一次/) ??
      `第一次${label}，我犯了个错`,
  };
  const titleFormulas = styles
    .map((s) => fillFrame(frames.formulas[s], { example: examples[s], identity }))
    .filter((f) => f.length <= 80)
    .slice(0, 5);

  const [m1 = '', m2 = ''] = niche
    ? rng.sample(niche.monetization, 2)
    : [`${label}相关的好物推荐`, '付费咨询'];
  const followers = input.followers ?? 0;
  const stage = frames.stages.find((s) => s.below === null || followers < s.below) ?? frames.stages[0];
  const kind = MONEY_GOAL.test(input.goal) ? 'money' : GROWTH_GOAL.test(input.goal) ? 'growth' : 'other';
  const monetization = `${fillFrame(stage?.text ?? '', { pillar: bare(subs[0]?.pillar ?? `${label}内容`), m1, m2 })}${fillFrame(
    frames.goal,
    {
      goal: input.goal,
      advice: fillFrame(frames.advice[kind], { m1 }),
    },
  )}`;

  const [t1 = '真诚', t2 = '实在'] = niche?.tone ?? [];
  const roleTags = clauses(input.bio ?? '').filter((c) => c.length <= 8 && ROLE.test(c));
  return {
    name: clipText(`${input.accountName}｜${identity}`, 40),
    positioning: clipText(positioning, 200),
    audience: clipText(audience, 200),
    tags: tagsOf(label, roleTags, subs, niche),
    tone: clipText(fillFrame(rng.pick(frames.tone), { t1, t2, pw: rng.pick(style.toneWords) }), 100),
    pillars: pillars.map((p) => clipText(p, 60)),
    titleFormulas,
    monetization: clipText(monetization, 300),
    radar: computeRadar(
      input,
      niche?.radar ?? { 专业度: 55, 亲和力: 60, 娱乐性: 50, 稀缺性: 50, 转化力: 50 },
      rng,
    ),
  };
}
