import type { GenerationStreamEvent } from '@app/contract';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../db/event-bus.ts';
import type { CreationRepository } from './creation.repository.ts';
import { GENERATION_CHANNEL, type GenerationMessage, isGenerationMessage } from './generation-events.ts';
import { toScript } from './script.mapper.ts';
import type { ScriptRepository } from './script.repository.ts';

/** Where the events go; heartbeats that keep proxies from closing an idle connection are its own. */
export interface StreamSink {
  send(event: GenerationStreamEvent): void;
}

/**
 * GET /creator/:id/stream. Subscribes first, then sends what is stored, then the live rest:
 * a delta is cut to what the consumer has not seen (by offset), and anything else — a finished
 * script, a failed variant, the end — is read back from the database, which is always written
 * before its message is published. So a late or reconnecting consumer, on any instance, ends
 * with exactly the stored text, never a gap or a repeat. Every `idleMs` without news it re-reads
 * the state, in case a notification was lost while a LISTEN connection reconnected.
 */
export function createGenerationStreamer(deps: {
  db: Db;
  bus: Pick<EventBus, 'subscribe'>;
  generations: CreationRepository;
  scripts: ScriptRepository;
  idleMs: number;
}) {
  const { db, generations, scripts } = deps;

  return async function stream(generationId: string, sink: StreamSink, signal: AbortSignal): Promise<void> {
    const queue: GenerationMessage[] = [];
    let wake: (() => void) | null = null;
    const unsubscribe = await deps.bus.subscribe(GENERATION_CHANNEL, generationId, (data) => {
      if (!isGenerationMessage(data)) return;
      queue.push(data);
      wake?.();
    });
    const onAbort = () => wake?.();
    signal.addEventListener('abort', onAbort);

    const sentText: number[] = [];
    const sentScripts = new Set<number>();
    const sentFailures = new Set<number>();

    /** Sends whatever is stored and not yet sent; true when the generation has ended. */
    async function sync(): Promise<boolean> {
      const generation = await generations.find(db, generationId);
      if (!generation) return true;
      const [variants, stored] = await Promise.all([
        generations.variants(db, generationId),
        scripts.ofGeneration(db, generationId),
      ]);
      for (const v of variants) {
        const sent = sentText[v.idx] ?? 0;
        if (v.text.length > sent) {
          sink.send({ event: 'delta', data: { variant: v.idx, offset: sent, text: v.text.slice(sent) } });
          sentText[v.idx] = v.text.length;
        }
      }
      for (const row of stored) {
        if (sentScripts.has(row.variantIndex)) continue;
        sentScripts.add(row.variantIndex);
        sink.send({ event: 'script', data: { variant: row.variantIndex, script: toScript(row) } });
      }
      for (const v of variants) {
        if (v.status !== 'failed' || sentFailures.has(v.idx)) continue;
        sentFailures.add(v.idx);
        sink.send({ event: 'error', data: { variant: v.idx, message: v.error ?? '生成失败', refunded: 0 } });
      }
      if (generation.status === 'done') {
        sink.send({ event: 'done', data: { status: 'done', refunded: generation.refunded } });
        return true;
      }
      if (generation.status === 'failed') {
        sink.send({
          event: 'error',
          data: { message: generation.error ?? '脚本生成失败', refunded: generation.refunded },
        });
        return true;
      }
      return false;
    }

    /** A live delta: only the part past what was sent; a gap means something was missed, so re-read. */
    async function onDelta(m: Extract<GenerationMessage, { type: 'delta' }>): Promise<boolean> {
      const sent = sentText[m.variant] ?? 0;
      const end = m.offset + m.text.length;
      if (end <= sent) return false;
      if (m.offset > sent) return sync();
      sink.send({
        event: 'delta',
        data: { variant: m.variant, offset: sent, text: m.text.slice(sent - m.offset) },
      });
      sentText[m.variant] = end;
      return false;
    }

    try {
      if (await sync()) return;
      while (!signal.aborted) {
        if (queue.length === 0) {
          const woke = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), deps.idleMs);
            wake = () => {
              clearTimeout(timer);
              resolve(true);
            };
          });
          wake = null;
          if (signal.aborted) return;
          if (!woke) {
            if (await sync()) return;
            continue;
          }
        }
        for (const message of queue.splice(0)) {
          const ended = message.type === 'delta' ? await onDelta(message) : await sync();
          if (ended) return;
        }
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      unsubscribe();
    }
  };
}
export type GenerationStreamer = ReturnType<typeof createGenerationStreamer>;
