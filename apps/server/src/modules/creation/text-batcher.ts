import { DELTA_PIECE_CHARS, type GenerationMessage } from './generation-events.ts';

export interface BatchSink {
  /** Stores the chunks (appending); false = we may no longer write (the lease is gone). */
  store(chunks: Array<{ idx: number; text: string }>): Promise<boolean>;
  /** Announces a stored chunk to live streams. */
  publish(message: GenerationMessage): Promise<void>;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * Collects each variant's streamed text and writes it in batches (one statement per flush, not
 * one per token), then publishes what it wrote with its offset. Publishing only what is stored
 * is what lets a stream consumer splice "stored text, then live deltas" without a gap: any delta
 * published before it read the store is already in what it read.
 */
export class TextBatcher {
  private readonly pending: string[];
  private readonly stored: number[];
  private readonly started: boolean[];
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    variants: number,
    private readonly sink: BatchSink,
    private readonly maxPendingChars: number,
    /** Called once when a write fails or the lease is gone; the generation must stop. */
    private readonly onFailure: (error: unknown) => void,
  ) {
    this.pending = Array.from({ length: variants }, () => '');
    this.stored = Array.from({ length: variants }, () => 0);
    this.started = Array.from({ length: variants }, () => false);
  }

  add(variant: number, text: string): void {
    if (this.stopped || !text) return;
    this.pending[variant] = (this.pending[variant] ?? '') + text;
    // The first words go out at once (time to first byte is what a creator feels); after that,
    // text is written in batches.
    const first = !this.started[variant];
    this.started[variant] = true;
    if (first || (this.pending[variant]?.length ?? 0) >= this.maxPendingChars) void this.flush();
  }

  /** Writes everything added so far; resolves when it is stored and published. */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.write());
    return this.chain;
  }

  private async write(): Promise<void> {
    if (this.stopped) return;
    const chunks: Array<{ idx: number; text: string; offset: number }> = [];
    this.pending.forEach((text, idx) => {
      // Half of an emoji waits for its other half: offsets are counted in the same units everywhere.
      const cut =
        text.length > 0 && isHighSurrogate(text.charCodeAt(text.length - 1)) ? text.length - 1 : text.length;
      if (cut === 0) return;
      chunks.push({ idx, text: text.slice(0, cut), offset: this.stored[idx]! });
      this.pending[idx] = text.slice(cut);
    });
    if (chunks.length === 0) return;
    try {
      const ok = await this.sink.store(chunks.map(({ idx, text }) => ({ idx, text })));
      if (!ok) return this.fail(new Error('lease lost'));
      for (const chunk of chunks) {
        this.stored[chunk.idx] = chunk.offset + chunk.text.length;
        for (let at = 0; at < chunk.text.length; at += DELTA_PIECE_CHARS) {
          // A lost notification is not fatal: the next delta shows the gap and the stream re-reads.
          await this.sink
            .publish({
              type: 'delta',
              variant: chunk.idx,
              offset: chunk.offset + at,
              text: chunk.text.slice(at, at + DELTA_PIECE_CHARS),
            })
            .catch(() => {});
        }
      }
    } catch (error) {
      this.fail(error);
    }
  }

  private fail(error: unknown) {
    if (this.stopped) return;
    this.stopped = true;
    this.onFailure(error);
  }
}
