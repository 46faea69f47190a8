/**
 * `text` cut to at most `max` UTF-16 units (what the contract's `.max()` counts) without leaving
 * half of a surrogate pair behind: a lone surrogate has no UTF-8 form, the contract refuses it and
 * PostgreSQL's jsonb cannot store it. Trimmed, as the contract trims.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text.trim();
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end).trim();
}

/**
 * A short label (a tag) of at most `max` units: whole words when the text has word breaks
 * ("python programming tutorials" → "python programming"), a clean cut otherwise.
 */
export function fitLabel(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const clipped = clipText(trimmed, max);
  const next = trimmed[clipped.length];
  if (next !== undefined && /[\s,，、/|｜·&+-]/.test(next)) return clipped;
  const lastBreak = clipped.search(/[\s,，、/|｜·&+-][^\s,，、/|｜·&+-]*$/);
  const words = lastBreak > 0 ? clipped.slice(0, lastBreak).replace(/[\s,，、/|｜·&+-]+$/, '') : '';
  return words.length >= 2 ? words : clipped;
}
