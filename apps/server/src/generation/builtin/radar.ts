import type { PersonaAnalyzeInput, PersonaRadar } from '@app/contract/generation';
import type { Rng } from './random.ts';

const MONEY = /带货|变现|赚钱|收入|卖|接广告|商单|橱窗|直播|私域/;
const GROWTH = /涨粉|粉丝|爆款|流量|播放|曝光|热门/;
const AUTHORITY = /专业|口碑|品牌|IP|影响力|权威|个人IP/i;
const CREDENTIAL = /证|师|硕士|博士|资深|从业|经验|前|冠军|专家|认证|\d+年/;
const NUMBERED = /\d|[一二三四五六七八九十]个/;

type Delta = Partial<Record<keyof PersonaRadar, number>>;

const PLATFORM_BIAS: Record<PersonaAnalyzeInput['platform'], Delta> = {
  douyin: { 娱乐性: 6, 转化力: 2 },
  kuaishou: { 亲和力: 6, 转化力: 3 },
  xiaohongshu: { 转化力: 4, 亲和力: 3, 专业度: 2 },
  shipinhao: { 专业度: 4, 亲和力: 2 },
};

/** Starts from the field's typical profile and moves it by what the account actually shows. */
export function computeRadar(input: PersonaAnalyzeInput, base: PersonaRadar, rng: Rng): PersonaRadar {
  const r: PersonaRadar = { ...base };
  const add = (d: Delta) => {
    for (const [k, v] of Object.entries(d) as Array<[keyof PersonaRadar, number]>) r[k] += v;
  };
  add(PLATFORM_BIAS[input.platform]);

  // Reach: a bigger audience converts better and is harder to copy.
  const reach = Math.log10(Math.max(1, input.followers ?? 100)) - 3;
  add({ 转化力: reach * 4, 稀缺性: reach * 2.5 });

  const bio = input.bio ?? '';
  if (CREDENTIAL.test(bio)) add({ 专业度: 10, 稀缺性: 3 });
  if (bio.length > 30) add({ 专业度: 3 });
  if (!bio) add({ 稀缺性: -3 });

  const titles = input.recentTitles;
  if (titles.length === 0) add({ 稀缺性: -4 });
  const questions = titles.filter((t) => /[?？]/.test(t)).length;
  const exclaims = titles.filter((t) => /[!！]/.test(t)).length;
  const numbered = titles.filter((t) => NUMBERED.test(t)).length;
  add({ 娱乐性: Math.min(9, questions * 3 + exclaims * 2), 专业度: Math.min(6, numbered * 2) });
  const avgLen = titles.length ? titles.reduce((s, t) => s + t.length, 0) / titles.length : 0;
  if (avgLen > 20) add({ 专业度: 3 });
  else if (avgLen > 0) add({ 娱乐性: 3 });

  if (MONEY.test(input.goal)) add({ 转化力: 8 });
  if (GROWTH.test(input.goal)) add({ 娱乐性: 6, 亲和力: 3 });
  if (AUTHORITY.test(input.goal)) add({ 专业度: 5, 稀缺性: 6 });
  // A narrow niche ("职场沟通" rather than "职场") is scarcer.
  if (input.niche.length >= 4) add({ 稀缺性: 5 });

  for (const k of Object.keys(r) as Array<keyof PersonaRadar>) {
    r[k] = Math.min(98, Math.max(5, Math.round(r[k] + rng.int(-4, 4))));
  }
  return r;
}
