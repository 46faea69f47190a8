import type { GenerationStreamEvent, Script } from '@app/contract';
import { useSyncExternalStore } from 'react';
import { readSse, SseError } from '@/lib/sse';

export interface VariantView {
  /** The live preview text, spliced by offset (a reconnect resends it from 0 without doubling). */
  text: string;
  script: Script | null;
  error: string | null;
}

export interface GenerationView {
  id: string;
  status: 'streaming' | 'done' | 'failed';
  variants: VariantView[];
  error: string | null;
  refunded: number;
  /** Set while the connection is down and being retried; the generation itself goes on. */
  reconnecting: boolean;
}

/**
 * Live generations, kept outside React: a stream goes on when the workspace is hidden (React's
 * Activity disconnects effects of hidden trees) or unmounted, and a screen that shows it again
 * reads the latest state. The server runs the generation either way; this only watches it.
 */
const views = new Map<string, GenerationView>();
const running = new Map<string, AbortController>();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function update(id: string, change: (view: GenerationView) => GenerationView) {
  const current = views.get(id);
  if (!current) return;
  views.set(id, change(current));
  emit();
}

function setVariant(view: GenerationView, index: number, change: (v: VariantView) => VariantView) {
  const variants = [...view.variants];
  while (variants.length <= index) variants.push({ text: '', script: null, error: null });
  variants[index] = change(variants[index]!);
  return { ...view, variants };
}

function apply(id: string, message: GenerationStreamEvent) {
  update(id, (view) => {
    switch (message.event) {
      case 'delta': {
        const { variant, offset, text } = message.data;
        return setVariant(view, variant, (v) => ({ ...v, text: v.text.slice(0, offset) + text }));
      }
      case 'script':
        return setVariant(view, message.data.variant, (v) => ({
          ...v,
          script: message.data.script,
          error: null,
        }));
      case 'done':
        return { ...view, status: 'done', refunded: message.data.refunded, reconnecting: false };
      case 'error':
        if (message.data.variant !== undefined) {
          return setVariant(view, message.data.variant, (v) => ({ ...v, error: message.data.message }));
        }
        return { ...view, status: 'failed', error: message.data.message, refunded: message.data.refunded };
    }
  });
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

async function follow(id: string, signal: AbortSignal) {
  for (let attempt = 0; !signal.aborted; attempt++) {
    try {
      await readSse(`/creator/${id}/stream`, {
        signal,
        onEvent: (e) => {
          if (!e.event) return;
          let data: unknown;
          try {
            data = JSON.parse(e.data);
          } catch {
            return;
          }
          apply(id, { event: e.event, data } as GenerationStreamEvent);
          if (views.get(id)?.reconnecting) update(id, (v) => ({ ...v, reconnecting: false }));
          attempt = 0;
        },
      });
    } catch (error) {
      if (signal.aborted) return;
      if (
        error instanceof SseError &&
        error.status !== undefined &&
        error.status < 500 &&
        error.status !== 429
      ) {
        update(id, (v) => ({ ...v, status: 'failed', error: error.message, reconnecting: false }));
        return;
      }
    }
    if (views.get(id)?.status !== 'streaming') return;
    // The connection ended before the generation did: come back; the server resends what is stored.
    update(id, (v) => ({ ...v, reconnecting: true }));
    await sleep(Math.min(8000, 500 * 2 ** attempt), signal);
  }
}

/** Starts watching a generation (once per id; watching it again just keeps the same stream). */
export function watchGeneration(id: string, variants: number) {
  const known = views.get(id);
  if (known && (running.has(id) || known.status !== 'streaming')) return;
  views.set(id, {
    id,
    status: 'streaming',
    variants: Array.from({ length: variants }, () => ({ text: '', script: null, error: null })),
    error: null,
    refunded: 0,
    reconnecting: false,
  });
  emit();
  const controller = new AbortController();
  running.set(id, controller);
  void follow(id, controller.signal).finally(() => running.delete(id));
}

/** Replaces a script in a watched generation (after the owner confirmed edits). */
export function replaceScript(id: string, script: Script) {
  update(id, (view) => setVariant(view, script.variantIndex, (v) => ({ ...v, script })));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useGenerationView(id: string | null): GenerationView | undefined {
  return useSyncExternalStore(subscribe, () => (id ? views.get(id) : undefined));
}
