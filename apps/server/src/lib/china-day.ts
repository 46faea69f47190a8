/** China has no daylight saving: its time is always UTC+8. */
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** YYYY-MM-DD of an instant in China time: the creators' calendar day. */
export function chinaDay(instant: Date): string {
  return new Date(instant.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a China calendar day (YYYY-MM-DD) starts. */
export function chinaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - CHINA_OFFSET_MS);
}
