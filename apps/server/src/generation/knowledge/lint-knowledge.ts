import type { Knowledge } from './load-knowledge.ts';

export interface KnowledgeProblem {
  where: string;
  message: string;
}

/** Text a viewer must never see: unfilled slots and editor's notes. */
export const PLACEHOLDER = /【|】|XX|xx|某某|此处|TODO|待补充|\{|\}/;
/** A number of years or an age claimed by "我": only the creator's own persona may say that. */
export const FIRST_PERSON_CREDENTIAL =
  /我(已经)?(做|干|当|带|从事|入行|工作)了?(整整)?[0-9一二三四五六七八九十百两]+年|我今年[0-9一二三四五六七八九十]+岁/;
/** Absolute claims the advertising law forbids in anything that sells. */
export const ABSOLUTE_CLAIM =
  /最(好用|好的|佳|强|便宜|低价|优惠|划算|全|牛|棒|安全|有效)|第一(名|品牌)|100%|百分之百|万能|顶级|极品|国家级|根治|治愈|永久|无敌|首选|销量冠军/;

/** Words that say nothing about what a topic is about: a subtopic may not claim them. */
const GENERIC_MATCH = new Set([
  '方法',
  '技巧',
  '怎么',
  '如何',
  '推荐',
  '清单',
  '合集',
  '攻略',
  '指南',
  '第一次',
  '一周',
  '避坑',
  '误区',
  '新手',
  '小白',
  '挑战',
  '日常',
  '真实',
  '经验',
  '分享',
  '教程',
  '入门',
]);

function* strings(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, `${path}[${i}]`);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) yield* strings(v, path ? `${path}.${k}` : k);
}

const hanShare = (text: string) => {
  const letters = text.match(/[\p{L}\p{N}]/gu) ?? [];
  const han = text.match(/\p{Script=Han}/gu) ?? [];
  return han.length / Math.max(1, letters.length);
};

/** Rules the schema cannot express: what reads wrong to a viewer or breaks the engine's assumptions. */
export function lintKnowledge(k: Knowledge): KnowledgeProblem[] {
  const problems: KnowledgeProblem[] = [];
  const add = (where: string, message: string) => problems.push({ where, message });

  for (const niche of k.niches) {
    for (const [path, text] of strings(niche, '')) {
      const bare = text.replaceAll('{subject}', '');
      if (PLACEHOLDER.test(bare)) add(`${niche.key}/_niche.json ${path}`, `有占位符或备注：${text}`);
    }
  }

  const owners = new Map<string, string[]>();
  const ids = new Map<string, string>();
  for (const s of k.subtopics) {
    const file = `${s.key}.json`;
    const other = ids.get(s.id);
    if (other) add(file, `id「${s.id}」和 ${other} 重复`);
    ids.set(s.id, file);

    const seen = new Map<string, string>();
    for (const [path, text] of strings({ ...s, id: undefined, key: undefined, niche: undefined }, '')) {
      const at = `${file} ${path}`;
      if (PLACEHOLDER.test(text)) add(at, `有占位符或备注：${text}`);
      if (FIRST_PERSON_CREDENTIAL.test(text)) add(at, `不要替创作者编造年限或年龄：${text}`);
      if (text.length >= 6 && hanShare(text) < 0.6) add(at, `要用中文写：${text}`);
      if (/^(products|places)/.test(path) && ABSOLUTE_CLAIM.test(text))
        add(at, `广告法禁止的绝对化用语：${text}`);
      if (text.length >= 12) {
        const first = seen.get(text);
        if (first) add(at, `和 ${first} 是同一句话`);
        else seen.set(text, path);
      }
    }
    const dup = (label: string, values: string[]) => {
      const counts = new Map<string, number>();
      for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
      for (const [v, n] of counts) if (n > 1) add(file, `${label}「${v}」重复了 ${n} 次`);
    };
    const named: Array<[string, Array<{ name: string } | { element: string }>]> = [
      ['要点名称', s.points],
      ['误区关键词', s.myths],
      ['产品名称', s.products],
      ['店名', s.places],
    ];
    for (const [label, items] of named)
      dup(
        label,
        items.map((x) => ('name' in x ? x.name : x.element)),
      );
    for (const word of s.match) {
      if (GENERIC_MATCH.has(word)) add(file, `匹配词「${word}」太宽泛，会把别的选题也匹配过来`);
      owners.set(word, [...(owners.get(word) ?? []), s.key]);
    }
  }
  for (const [word, keys] of owners) {
    if (keys.length > 1)
      add(keys.join('、'), `匹配词「${word}」同时出现在 ${keys.length} 个子话题里，选题会分不清`);
  }
  problems.push(...borrowedSubjects(k));
  return problems;
}

/**
 * Another subtopic's subject (its match word) in this subtopic's material: the script would
 * stray from its topic, and the quality gate would say so. Either the word belongs to this subject
 * too (then it goes into `terms`) or the sentence is about something else (then it is rewritten).
 */
function borrowedSubjects(k: Knowledge): KnowledgeProblem[] {
  const problems: KnowledgeProblem[] = [];
  const subjects = [...new Set(k.subtopics.flatMap((s) => s.match))].sort((a, b) => b.length - a.length);
  for (const s of k.subtopics) {
    const own = [...s.match, ...s.terms].map((w) => w.toLowerCase()).sort((a, b) => b.length - a.length);
    const material = {
      ...s,
      id: undefined,
      key: undefined,
      niche: undefined,
      match: undefined,
      terms: undefined,
    };
    const found = new Map<string, string>();
    for (const [path, text] of strings(material, '')) {
      let rest = text.toLowerCase();
      for (const w of own) rest = rest.replaceAll(w, ' ');
      for (const word of subjects) {
        if (!found.has(word) && rest.includes(word.toLowerCase())) found.set(word, `${path}：${text}`);
      }
    }
    for (const [word, where] of found) {
      problems.push({
        where: `${s.key}.json`,
        message: `用到了别的子话题的主题词「${word}」（${where.slice(0, 60)}）：它属于这个主题就写进 terms，不属于就换个说法`,
      });
    }
  }
  return problems;
}
