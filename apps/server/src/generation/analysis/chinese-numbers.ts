const DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000, 万: 10000 };

/** Digits or Chinese numerals as people write them: "3", "十八", "两百", "一千二". */
export const NUMERAL = '(?:\\d+|[零〇一二两三四五六七八九十百千万]+)';

/** The value of a numeral written with digits or Chinese characters; NaN when it is neither. */
export function parseNumeral(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  let total = 0;
  let section = 0;
  let digit: number | null = null;
  for (const ch of text) {
    if (ch in DIGITS) {
      digit = DIGITS[ch] ?? 0;
    } else if (ch === '万') {
      total += (section + (digit ?? 0)) * 10000;
      section = 0;
      digit = null;
    } else if (ch in UNITS) {
      section += (digit ?? 1) * (UNITS[ch] ?? 1);
      digit = null;
    } else {
      return Number.NaN;
    }
  }
  return total + section + (digit ?? 0);
}

const WORDS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** 1 → 一, 12 → 十二, 20 → 二十, 108 → 一百零八: how an ordinal is read aloud. */
export function chineseNumber(n: number): string {
  if (!Number.isInteger(n) || n < 0) return String(n);
  if (n < 10) return WORDS[n] ?? String(n);
  if (n < 20) return `十${n % 10 ? WORDS[n % 10] : ''}`;
  if (n < 100) return `${WORDS[Math.floor(n / 10)]}十${n % 10 ? WORDS[n % 10] : ''}`;
  if (n < 1000) {
    const rest = n % 100;
    const tail =
      rest === 0
        ? ''
        : rest < 10
          ? `零${WORDS[rest]}`
          : rest < 20
            ? `一${chineseNumber(rest)}`
            : chineseNumber(rest);
    return `${WORDS[Math.floor(n / 100)]}百${tail}`;
  }
  return String(n);
}

/**
 * Every number in `text` with what follows it, as a value: lets a check compare "十年" with
 * "10年" and "两千" with "2000".
 */
export function numbersIn(text: string): Array<{ value: number; raw: string; index: number }> {
  const out: Array<{ value: number; raw: string; index: number }> = [];
  for (const m of text.matchAll(new RegExp(NUMERAL, 'g'))) {
    const value = parseNumeral(m[0]);
    if (!Number.isNaN(value)) out.push({ value, raw: m[0], index: m.index ?? 0 });
  }
  return out;
}
