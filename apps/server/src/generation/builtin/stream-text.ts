import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { GenerationError } from '../generation-provider.ts';
import type { Rng } from './random.ts';

export interface StreamOptions {
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
  /** Pause between chunks; 0 still yields to the event loop between chunks. */
  paceMs: number;
  rng: Rng;
}

/** Hands out `text` a few characters at a time, like a model writing it. */
export async function streamText(text: string, opts: StreamOptions): Promise<void> {
  const { onDelta, signal, paceMs, rng } = opts;
  if (signal?.aborted) throw new GenerationError('aborted');
  if (!onDelta) return;
  // Code points, not UTF-16 units, so a chunk never splits an emoji.
  const chars = Array.from(text);
  try {
    for (let i = 0; i < chars.length; ) {
      const size = rng.int(2, 5);
      onDelta(chars.slice(i, i + size).join(''));
      i += size;
      if (paceMs > 0) await sleep(paceMs, undefined, { signal });
      else await nextTurn(undefined, { signal });
    }
  } catch (err) {
    if (signal?.aborted) throw new GenerationError('aborted', undefined, { cause: err });
    throw err;
  }
}
