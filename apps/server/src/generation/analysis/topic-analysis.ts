import type { Niche } from '../knowledge/knowledge-schema.ts';
import type { Knowledge, KnownSubtopic } from '../knowledge/load-knowledge.ts';
import { detectNiche, MIN_MATCH_SCORE, rankSubtopics } from '../knowledge/match-subtopic.ts';
import { NUMERAL, parseNumeral } from './chinese-numbers.ts';

/** What a topic asks for: shapes titles, hooks and the order of the body. */
export type Intent = 'compare' | 'list' | 'review' | 'pitfall' | 'explain' | 'tutorial' | 'story';

/** "五件事": five items, counted "第一件、第二件…". */
export interface TopicCount {
  n: number;
  /** The measure word as the topic writes it: 件, 个, 步, 板斧, 天… */
  unit: string;
  /** What an item is called when counted: "第一{ordinalUnit}" (板斧 → 斧, 三大误区 → 个). */
  ordinalUnit: string;
  /** The words the count is written with, e.g. "五件事". */
  raw: string;
  /** Counted as days of the week (周一、周二…) instead of 第一、第二. */
  weekdays?: boolean;
}

export interface TopicAnalysis {
  /** As typed, trimmed, without final punctuation. */
  topic: string;
  /** The noun phrase the topic is about, without question words: "板栗烧鸡怎么做栗子不散" → "板栗烧鸡". */
  core: string;
  intent: Intent;
  count?: TopicCount;
  /** A video length the topic promises: "一分钟看懂…" → 60. */
  lengthClaimSec?: number;
  /** The words of that promise ("一分钟"), so a title can say the true length instead. */
  lengthClaim?: string;
  compare?: [string, string];
  /** Numbers with units the creator gave ("十元", "三天两晚"): the script keeps them. */
  facts: string[];
  subtopic?: KnownSubtopic;
  /** The match words that chose the subtopic. */
  matched: string[];
  /** The field: the subtopic's, or the one whose keywords the text shares, or the persona's. */
  niche?: Niche;
}

const END_PUNCT = /[\s？?！!。.，,：:；;…~～]+$/;

// Classifiers that count items one can list. 大 is "三大误区"; 板斧 is "三板斧".
const LIST_UNITS = '件|个|条|招|步|种|道|款|样|点|类|句|板斧|口诀|大|站|处|家|套|组|本|双|支|把|张|份|盘|碗';
// "早上七点" is a time, "三句变亲戚" a punchline: neither promises a list.
const NOT_A_LIST_AFTER: Record<string, RegExp> = {
  点: /^(?!(建议|注意|好处|原因|心得|要点))/,
  句: /^(变|就|内|之内|话)/,
};
const COUNT = new RegExp(`(${NUMERAL})(${LIST_UNITS})`, 'g');
// A number after these is a limit ("不超过三个颜色", "只留二十件"), not a promise of a list.
const LIMIT_BEFORE = /(不超过|最多|只留|只要|只用|只花|少于|至少|第|这|那|每)$/;
const ORDINAL_UNIT: Record<string, string> = { 板斧: '斧', 口诀: '句', 大: '个' };
// 天 and 周 count items only in plans ("7天早餐不重样", "八周训练计划", "三天两晚"), never in "一百天减重".
const DAY_PLAN = new RegExp(
  `(${NUMERAL})(天|周)(?=.{0,8}(计划|不重样|食谱|行程|攻略|训练|打卡表)|${NUMERAL}晚)`,
);
const WEEK = /一周(?=.{0,4}(不重样|通勤|造型|穿搭|带饭|便当|食谱|早餐))/;
const WORKWEEK = /(通勤|上班|打工|带饭|便当|工作日)/;
// Looks and lunch boxes are worn and eaten on weekdays (周一…); a menu counts days (第一天…).
const WEEKDAY_ITEMS = /(不重样|通勤|造型|穿搭|带饭|便当)/;

const LENGTH_CLAIM = new RegExp(
  `(${NUMERAL}|半)(分钟|秒)(?=(看懂|看完|讲明白|讲清楚|讲清|讲透|说清|说明白|带你|了解|读懂|搞懂))`,
);

const FACT = new RegExp(
  `(?<!第)(${NUMERAL}(天${NUMERAL}晚|元|块钱|块|万元|万块|分钟|小时|个小时|天|周|个月|年|岁|斤|公斤|公里|平米|平|米|度|℃))`,
  'g',
);

const INTENTS: Array<[Intent, RegExp]> = [
  ['review', /测评|实测|试色|盲测|值不值|好不好用|管不管用|够不够用|能不能|真实体验|感受|对比|大比拼|到底/],
  ['pitfall', /坑|误区|别再|不要|后悔|踩雷|避雷|讲究|注意|别扔|别花|别慌/],
  ['explain', /为什么|是什么|原理|怎么算|看懂|图解|差在哪|从哪来/],
  ['story', /经历|名场面|的一天|日常|当你|真实|故事|现场|状态|记$|记：|反差|一秒|的我/],
  ['list', /合集|清单|大全|盘点|有哪些|几种|推荐|好物/],
  ['tutorial', /怎么|如何|教程|步骤|做法|学会|跟练|指南|流程|正确|方法|姿势|公式|技巧|秘诀/],
];

const QUESTION_HEAD = /^(如何|怎么样|怎么|怎样|为什么|为啥)/;
// From the question on, a topic asks rather than names: "手机存储满了怎么清理" is about 手机存储.
const QUESTION_ANYWHERE =
  /(该怎么|怎么|如何|怎样|放哪|哪里|哪个|为什么|是什么|有哪些|能不能|值不值|好不好|够不够|要不要|到底).*$/;
// Who the topic is for, not what it is about: "新手第一次夜钓" is about 夜钓.
const QUALIFIER_HEAD = /^(新手|小白|零基础|第一次|普通人|上班族|打工人|学生党|宝妈|懒人|一个人|如何|怎么)+/;

function clean(topic: string): string {
  return topic.trim().replace(END_PUNCT, '') || topic.trim();
}

export function parseCount(topic: string): TopicCount | undefined {
  const week = WEEK.exec(topic);
  if (week) {
    const n = WORKWEEK.test(topic) ? 5 : 7;
    return {
      n,
      unit: '天',
      ordinalUnit: '天',
      raw: '一周',
      ...(WEEKDAY_ITEMS.test(topic) ? { weekdays: true } : {}),
    };
  }
  const plan = DAY_PLAN.exec(topic);
  if (plan?.[1] && plan[2]) {
    const n = parseNumeral(plan[1]);
    if (n >= 2 && n <= 14) return { n, unit: plan[2], ordinalUnit: plan[2], raw: `${plan[1]}${plan[2]}` };
  }
  for (const m of topic.matchAll(COUNT)) {
    const [raw, numeral = '', unit = ''] = m;
    const n = parseNumeral(numeral);
    const before = topic.slice(0, m.index);
    const after = topic.slice((m.index ?? 0) + raw.length);
    if (!(n >= 2 && n <= 30) || LIMIT_BEFORE.test(before)) continue;
    // "两个人", "三个月", "一个小时": a 个 that counts people or time is not a list.
    if (unit === '个' && /^[人月星小钟]/.test(after)) continue;
    if (NOT_A_LIST_AFTER[unit]?.test(after)) continue;
    // "三十岁", "十二小时" are handled as facts; "三大误区" counts 误区.
    const noun = /^(事|方法|误区|技巧|习惯|细节|坑|步骤|原因|问题|理由|要点|好物|东西|动作|菜|款)/.exec(
      after,
    )?.[0];
    return {
      n,
      unit,
      ordinalUnit: ORDINAL_UNIT[unit] ?? unit,
      raw: `${numeral}${unit}${noun ?? ''}`,
    };
  }
  return undefined;
}

/** A counted topic about mistakes ("三个误区") lists myths; any other lists points. */
export const listsMyths = (count: TopicCount | undefined) =>
  !!count && /误区|坑|谣言|谎言|错/.test(count.raw);

export function parseLengthClaim(text: string): { sec: number; raw: string } | undefined {
  const m = LENGTH_CLAIM.exec(text);
  if (!m?.[1] || !m[2]) return undefined;
  const n = m[1] === '半' ? 0.5 : parseNumeral(m[1]);
  if (Number.isNaN(n)) return undefined;
  return { sec: m[2] === '分钟' ? n * 60 : n, raw: `${m[1]}${m[2]}` };
}

/** Numbers with units, as written: the facts a script must keep. */
export function parseFacts(text: string): string[] {
  return [...new Set([...text.matchAll(FACT)].map((m) => m[1] ?? ''))].filter(
    (f) => f.length > 1 && !/^[一两]个?(天|周|年|个月)$/.test(f),
  );
}

function parseCompare(topic: string): [string, string] | undefined {
  const m =
    /([\p{Script=Han}A-Za-z]{2,8}?)(还是|和|与|跟|vs|VS)([\p{Script=Han}A-Za-z]{2,8}?)(怎么选|哪个|差在哪|到底|的区别|有什么不同|谁更)/u.exec(
      topic,
    );
  if (m?.[1] && m[3]) return [m[1], m[3]];
  const or = /([\p{Script=Han}]{2,8})还是([\p{Script=Han}]{2,8})/u.exec(topic);
  return or?.[1] && or[2] ? [or[1], or[2]] : undefined;
}

// What a topic's subject is wrapped in: the format ("入手清单"), the time ("第一个月"), the count.
const FORMAT_TAIL = new RegExp(
  `(的)?(入手清单|清单|合集|大全|指南|攻略|全过程|的一天|小技巧|技巧|方法|经验|心得|变化|体验|挑战|分享|好习惯|小心机|神操作|第${NUMERAL}个?(月|天|年|次)|${NUMERAL}(个|件|条|步|种)[\\p{Script=Han}]{0,2})$`,
  'u',
);
const TIME_HEAD = /^(年底|年初|入冬|入秋|秋冬|冬天|夏天|周末|元旦|过年|今年)+/;

/**
 * The subject of a topic nothing in the knowledge covers, short enough to say in a sentence:
 * "新手第一次夜钓" → "夜钓", "学吉他第一个月" → "学吉他", "考驾照科目二倒车入库" → "倒车入库".
 */
function subjectOf(topic: string, k: Knowledge): string {
  let s = topic.replace(QUESTION_HEAD, '').replace(QUESTION_ANYWHERE, '').replace(END_PUNCT, '');
  s = s.split(/[，,、；;：:\s｜|]/)[0] ?? s;
  for (const strip of [QUALIFIER_HEAD, TIME_HEAD]) s = s.replace(strip, '') || s;
  for (let i = 0; i < 2 && FORMAT_TAIL.test(s) && s.replace(FORMAT_TAIL, '').length >= 2; i++)
    s = s.replace(FORMAT_TAIL, '');
  // Still a long phrase: its last part after a 的 or a number names the thing ("…的菜园子",
  // "…科目二倒车入库"); else the longest word the knowledge knows in it; else its opening words.
  if (s.length > 6) {
    const parts = s.split(/[的之\d一二三四五六七八九十两]/).filter((p) => p.length >= 2 && p.length <= 6);
    const known = k.subtopics.flatMap((x) => x.terms).filter((t) => t.length >= 2 && s.includes(t));
    s = parts.at(-1) ?? known.sort((a, b) => b.length - a.length)[0] ?? s.slice(0, 4);
  }
  return s.length >= 2 ? s : topic.slice(0, 12);
}

function coreOf(topic: string, matched: string[], k: Knowledge): string {
  // The longest match word the topic contains is the subject in the creator's own words.
  return matched.find((w) => topic.includes(w)) ?? subjectOf(topic, k);
}

export interface AnalyzeOptions {
  /** Persona tags and positioning, extra requirements: they help choose the field, never the subject. */
  context?: string;
  /** The field a persona declares, to break ties between subtopics. */
  nicheHint?: string;
}

/** Reads a topic as a creator typed it and finds what the engine knows about it. */
export function analyzeTopic(rawTopic: string, k: Knowledge, opts: AnalyzeOptions = {}): TopicAnalysis {
  const topic = clean(rawTopic);
  const hint = opts.nicheHint ?? (opts.context ? detectNiche(opts.context, k)?.key : undefined);
  const [best] = rankSubtopics(topic, k, hint);
  const subtopic = best && best.score >= MIN_MATCH_SCORE ? best.subtopic : undefined;
  const matched = subtopic && best ? best.words : [];
  const count = parseCount(topic);
  const claim = parseLengthClaim(topic);
  const compare = parseCompare(topic);
  const intent: Intent = compare
    ? 'compare'
    : count
      ? 'list'
      : (INTENTS.find(([, re]) => re.test(topic))?.[0] ?? 'tutorial');
  const facts = parseFacts(topic).filter((f) => f !== claim?.raw && !count?.raw.startsWith(f));
  const niche =
    (subtopic ? k.niche(subtopic.niche) : undefined) ??
    detectNiche(topic, k) ??
    (hint ? k.niche(hint) : undefined);
  return {
    topic,
    core: coreOf(topic, matched, k),
    intent,
    ...(count ? { count } : {}),
    ...(claim ? { lengthClaimSec: claim.sec, lengthClaim: claim.raw } : {}),
    ...(compare ? { compare } : {}),
    facts,
    ...(subtopic ? { subtopic } : {}),
    matched,
    ...(niche ? { niche } : {}),
  };
}
