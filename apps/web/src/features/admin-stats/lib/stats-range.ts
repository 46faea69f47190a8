const DAY_MS = 86_400_000;
/** China is UTC+8 all year: its calendar day, whatever the browser's time zone. */
const CHINA_OFFSET_MS = 8 * 3_600_000;

export const chinaToday = (now = new Date()) =>
  new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export type RangePreset = 7 | 30 | 90 | 365;

export const rangePresets: { value: RangePreset; label: string }[] = [
  { value: 7, label: '近 7 天' },
  { value: 30, label: '近 30 天' },
  { value: 90, label: '近 90 天' },
  { value: 365, label: '近一年' },
];

export interface DayRange {
  from: string;
  to: string;
}

/** The last `days` China days, today included. */
export function presetRange(days: RangePreset, today = chinaToday()): DayRange {
  return { from: addDays(today, -(days - 1)), to: today };
}
