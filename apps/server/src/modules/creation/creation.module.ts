import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../db/event-bus.ts';
import type { GenerationEvents } from '../../lib/metrics.ts';
import type { PersonaService } from '../persona/persona.service.ts';
import type { PricingService } from '../pricing/pricing.service.ts';
import { createCreationRepository } from './creation.repository.ts';
import { createCreationService } from './creation.service.ts';
import { createGenerationFinalizer } from './generation-finalizer.ts';
import { createGenerationRunner, type ScriptGenerator } from './generation-runner.ts';
import { createGenerationStreamer } from './generation-stream.ts';
import { createScriptRepository } from './script.repository.ts';
import { createScriptService } from './script.service.ts';

/** Lease timing: a runner beats every 10 s; a row silent for 60 s belongs to a dead instance. */
export const HEARTBEAT_MS = 10_000;
export const STALE_SEC = 60;
export const SWEEP_MS = 60_000;

type LogError = (message: string, details: Record<string, unknown>) => void;

/**
 * Wires the creation module (generations, runner, stream, scripts) from its narrow dependencies,
 * so container.ts stays one call. Each process is one runner, with an id of its own.
 */
export function createCreationModule(deps: {
  db: Db;
  bus: EventBus;
  pricing: Pick<PricingService, 'charge' | 'refund'>;
  /** With recoverStale, its analyses' leases are swept along with the generations'. */
  personas: Pick<PersonaService, 'get'> & Partial<Pick<PersonaService, 'recoverStale'>>;
  generator: ScriptGenerator;
  concurrencyPerUser: number;
  /** Failures of detached work (runs, heartbeats, sweeps) that no request is waiting to hear about. */
  logError: LogError;
  /** Started / ended generations, for the metrics. */
  events?: GenerationEvents;
}) {
  const { db, bus, logError, events } = deps;
  const runnerId = randomUUID();

  const generations = createCreationRepository();
  const scriptRows = createScriptRepository();
  const finalize = createGenerationFinalizer({ db, bus, generations, pricing: deps.pricing, events });
  const runner = createGenerationRunner({
    db,
    bus,
    generations,
    scripts: scriptRows,
    generator: deps.generator,
    finalize,
    runnerId,
    timing: { flushMs: 150, flushChars: 400, heartbeatMs: HEARTBEAT_MS },
    logError,
    events,
  });
  const creation = createCreationService({
    db,
    generations,
    scripts: scriptRows,
    pricing: deps.pricing,
    personas: deps.personas,
    runner,
    finalize,
    runnerId,
    concurrencyPerUser: deps.concurrencyPerUser,
    staleSec: STALE_SEC,
    logError,
  });
  const stream = createGenerationStreamer({ db, bus, generations, scripts: scriptRows, idleMs: 15_000 });
  const scripts = createScriptService({ db, scripts: scriptRows, generations });

  return {
    runnerId,
    creation,
    scripts,
    runner,
    stream,
    /**
     * One sweep of every lease a dead instance can leave: script generations and persona
     * analyses, each failed and refunded exactly once. Returns how many were closed.
     */
    async recoverStale(): Promise<number> {
      const generations = await creation.recoverStale();
      const analyses = (await deps.personas.recoverStale?.()) ?? 0;
      return generations + analyses;
    },
  };
}
export type CreationModule = ReturnType<typeof createCreationModule>;
