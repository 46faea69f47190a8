import type { GenerationInput } from '@app/contract';
import { type ScriptDraft, scriptDraftSchema } from '@app/contract/generation';
import type { Db, Tx } from '../../db/database.ts';
import type { EventBus } from '../../db/event-bus.ts';
import { retimeScenes } from '../../generation/analysis/timing.ts';
import { GenerationError, type ScriptTask } from '../../generation/generation-provider.ts';
import { scriptFindings } from '../../generation/quality/quality-gate.ts';
import { AppError } from '../../lib/errors.ts';
import type { GenerationEvents } from '../../lib/metrics.ts';
import type { CreationRepository } from './creation.repository.ts';
import { GENERATION_CHANNEL, type GenerationMessage } from './generation-events.ts';
import type { GenerationFinalizer } from './generation-finalizer.ts';
import type { ScriptRepository } from './script.repository.ts';
import { TextBatcher } from './text-batcher.ts';

/** The one thing this module needs from the generation layer. */
export interface ScriptGenerator {
  generateScript(
    task: ScriptTask,
    opts: {
      onDelta?: (text: string) => void;
      signal?: AbortSignal;
      seed?: number;
      siblings?: () => ScriptDraft[];
    },
  ): Promise<ScriptDraft>;
}

export interface RunJob {
  id: string;
  userId: string;
  input: GenerationInput;
  persona?: ScriptTask['persona'];
}

export interface RunnerTiming {
  /** How often streamed text is written and published. */
  flushMs: number;
  /** A variant's unwritten text that forces a write before the timer. */
  flushChars: number;
  /** How often a runner renews its lease while no text flows (e.g. waiting for a slow model). */
  heartbeatMs: number;
}

export const SHUTDOWN_MESSAGE = '服务器正在重启，生成被中断，请重新生成';
const GENERIC_FAILURE = '生成服务暂时不可用，请稍后重试';
const STORAGE_FAILURE = '保存生成内容时出错，请稍后重试';

/** A stable 31-bit seed from the generation id: the same generation always writes the same. */
function seedOf(id: string): number {
  return Number.parseInt(id.replace(/-/g, '').slice(0, 8), 16) & 0x7fffffff;
}

/**
 * Runs generations on this instance, detached from the request that started them: the variants
 * are written in parallel, their text stored in batches and published, each finished script
 * stored, and the generation closed (and refunded for what failed) by the finalizer.
 */
export function createGenerationRunner(deps: {
  db: Db;
  bus: Pick<EventBus, 'publish'>;
  generations: CreationRepository;
  scripts: ScriptRepository;
  generator: ScriptGenerator;
  finalize: GenerationFinalizer;
  runnerId: string;
  timing: RunnerTiming;
  logError: (message: string, details: Record<string, unknown>) => void;
  events?: Pick<GenerationEvents, 'started'>;
}) {
  const { db, generations, scripts, runnerId, timing } = deps;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let shuttingDown = false;

  const publish = (id: string, message: GenerationMessage) =>
    deps.bus.publish(GENERATION_CHANNEL, id, message).catch(() => {});

  async function run(job: RunJob, controller: AbortController): Promise<void> {
    const { id, input } = job;
    let failure: string | null = null;
    const stop = (message: string) => {
      failure ??= message;
      controller.abort();
    };
    const batcher = new TextBatcher(
      input.variants,
      {
        store: (chunks) => generations.appendText(db, id, runnerId, chunks),
        publish: (message) => deps.bus.publish(GENERATION_CHANNEL, id, message),
      },
      timing.flushChars,
      (error) => {
        deps.logError('generation text could not be stored', { generationId: id, error });
        stop(STORAGE_FAILURE);
      },
    );
    const flushTimer = setInterval(() => void batcher.flush(), timing.flushMs);
    const heartbeatTimer = setInterval(() => {
      generations
        .heartbeat(db, id, runnerId)
        .then((mine) => {
          if (!mine) stop(STORAGE_FAILURE);
        })
        .catch((error) => deps.logError('generation heartbeat failed', { generationId: id, error }));
    }, timing.heartbeatMs);

    /** Writes under the lease; false when the generation is no longer ours to write. */
    const underLease = (write: (tx: Tx) => Promise<void>) =>
      db.transaction(async (tx) => {
        if (!(await generations.lockRunning(tx, id, { runnerId }))) return false;
        await write(tx);
        return true;
      });

    // Versions finished so far: each later one is checked against them for overlap.
    const finished: ScriptDraft[] = [];

    async function runVariant(variant: number): Promise<void> {
      try {
        const task: ScriptTask = {
          topic: input.topic,
          persona: job.persona,
          templateId: input.templateId,
          twist: input.twist,
          platform: input.platform,
          durationSec: input.durationSec,
          extra: input.extra,
          variantIndex: variant,
        };
        const draft = await deps.generator.generateScript(task, {
          onDelta: (text) => batcher.add(variant, text),
          signal: controller.signal,
          seed: seedOf(id),
          siblings: () => [...finished],
        });
        const parsed = scriptDraftSchema.parse(draft);
        const script = { ...parsed, scenes: retimeScenes(parsed.scenes, input.durationSec) };
        const findings = scriptFindings(script, task, [...finished]);
        finished.push(script);
        await batcher.flush();
        if (controller.signal.aborted) throw new GenerationError('aborted');
        const stored = await underLease(async (tx) => {
          await scripts.insert(tx, {
            userId: job.userId,
            generationId: id,
            variantIndex: variant,
            draft: script,
            findings,
          });
          await generations.setVariant(tx, id, variant, { status: 'done', error: null });
        });
        if (stored) await publish(id, { type: 'script', variant });
      } catch (error) {
        const message = failure ?? userMessage(error);
        if (!failure && !shuttingDown)
          deps.logError('script variant failed', { generationId: id, variant, error });
        try {
          const marked = await underLease(async (tx) => {
            await generations.setVariant(tx, id, variant, { status: 'failed', error: message });
          });
          if (marked) await publish(id, { type: 'variant_failed', variant });
        } catch (markError) {
          deps.logError('variant failure could not be stored', {
            generationId: id,
            variant,
            error: markError,
          });
        }
      }
    }

    try {
      await Promise.all(Array.from({ length: input.variants }, (_, i) => runVariant(i)));
      await batcher.flush();
    } finally {
      clearInterval(flushTimer);
      clearInterval(heartbeatTimer);
    }
    try {
      await deps.finalize(id, { runnerId }, failure ?? GENERIC_FAILURE);
    } catch (error) {
      // The row stays running; its heartbeat goes stale and the sweeper closes and refunds it.
      deps.logError('generation could not be finished', { generationId: id, error });
    }
  }

  function userMessage(error: unknown): string {
    if (shuttingDown) return SHUTDOWN_MESSAGE;
    if (error instanceof GenerationError) return error.message;
    if (error instanceof AppError && error.statusCode < 500) return error.message;
    return GENERIC_FAILURE;
  }

  return {
    /** Starts a generation in the background; the caller does not wait for it. */
    start(job: RunJob): void {
      deps.events?.started('script');
      const controller = new AbortController();
      const done = run(job, controller)
        .catch((error) => deps.logError('generation run crashed', { generationId: job.id, error }))
        .finally(() => running.delete(job.id));
      running.set(job.id, { controller, done });
      // Started while this instance is stopping: it closes (and refunds) at once.
      if (shuttingDown) controller.abort();
    },

    get runningCount() {
      return running.size;
    },

    /** Interrupts every generation of this instance; each is closed and refunded before this resolves. */
    async shutdown(): Promise<void> {
      shuttingDown = true;
      for (const { controller } of running.values()) controller.abort();
      await Promise.all([...running.values()].map((r) => r.done));
    },
  };
}
export type GenerationRunner = ReturnType<typeof createGenerationRunner>;
