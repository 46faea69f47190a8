/** Spoken Chinese runs at about 4 characters a second; lines are timed between these bounds. */
export const SPOKEN_RATE = 4.2;
export const MIN_RATE = 3;
export const MAX_RATE = 5;

/** Characters a voice reads: letters and digits, not punctuation or spaces. */
export function spokenLength(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}

/** Sentences of a line, each with its final punctuation. */
export function sentencesOf(text: string): string[] {
  return (
    text
      .match(/[^。！？!?]+[。！？!?]*[”」』]?/g)
      ?.map((s) => s.trim())
      .filter(Boolean) ?? []
  );
}

/** Drops the final punctuation, so a sentence can sit inside another one. */
export const bare = (text: string) => text.trim().replace(/[。！？!?，,；;：:…]+$/, '');

/**
 * The opening clauses of `text`, up to the first pause that leaves at least `min` characters,
 * within `max` when a whole clause allows: never cut inside a clause, so it always reads whole.
 */
export function firstClause(text: string, max: number, min = 4): string {
  let out = '';
  for (const part of bare(text).split(/[，,；;：:]/)) {
    const next = out ? `${out}，${part}` : part;
    if (out && spokenLength(next) > max) break;
    out = next;
    if (spokenLength(out) >= min) break;
  }
  return out;
}
