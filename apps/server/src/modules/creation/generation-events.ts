/**
 * What travels on the bus (PostgreSQL NOTIFY, 8000-byte payload limit) about a running
 * generation. Only deltas carry text, in pieces small enough for one NOTIFY; everything else is
 * a hint to read the stored state, which is always written before its hint is published.
 */
export const GENERATION_CHANNEL = 'generation';

/** Characters per delta message: 3 bytes each in UTF-8 at most, far below NOTIFY's limit. */
export const DELTA_PIECE_CHARS = 1000;

export type GenerationMessage =
  | { type: 'delta'; variant: number; offset: number; text: string }
  | { type: 'script'; variant: number }
  | { type: 'variant_failed'; variant: number }
  | { type: 'end' };

export function isGenerationMessage(data: unknown): data is GenerationMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  switch (m.type) {
    case 'delta':
      return typeof m.variant === 'number' && typeof m.offset === 'number' && typeof m.text === 'string';
    case 'script':
    case 'variant_failed':
      return typeof m.variant === 'number';
    case 'end':
      return true;
    default:
      return false;
  }
}
