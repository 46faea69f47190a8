import { randomUUID } from 'node:crypto';
import type { Generation, GenerationInput, GenerationListItem, Page } from '@app/contract';
import type { Db } from '../../db/database.ts';
import { notFound, tooManyRequests } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { PersonaService } from '../persona/persona.service.ts';
import type { PricingService } from '../pricing/pricing.service.ts';
import type { CreationRepository } from './creation.repository.ts';
import type { GenerationRow } from './creation.tables.ts';
import type { GenerationFinalizer } from './generation-finalizer.ts';
import type { GenerationRunner } from './generation-runner.ts';
import { toScript } from './script.mapper.ts';
import type { ScriptRepository } from './script.repository.ts';

export const GENERATION_NOT_FOUND_MESSAGE = '创作记录不存在或已被删除';
export const TOO_MANY_GENERATIONS_MESSAGE = '同时进行的生成过多，请等当前生成完成后再试';
export const PERSONA_NOT_FOUND_MESSAGE = '人设不存在或已被删除';
export const STALE_RUNNER_MESSAGE = '生成服务中断（服务器重启或异常退出）';

function toGenerationBase(row: GenerationRow) {
  return {
    id: row.id,
    status: row.status,
    input: row.input,
    charged: row.charged,
    refunded: row.refunded,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Creator generations (DESIGN §4): paid and recorded in one transaction, then run in the
 * background by the runner, so that the request, the tab or the device can go away.
 */
export function createCreationService(deps: {
  db: Db;
  generations: CreationRepository;
  scripts: ScriptRepository;
  pricing: Pick<PricingService, 'charge'>;
  personas: Pick<PersonaService, 'get'>;
  runner: Pick<GenerationRunner, 'start'>;
  finalize: GenerationFinalizer;
  runnerId: string;
  concurrencyPerUser: number;
  /** A running generation whose heartbeat is older than this belongs to a dead instance. */
  staleSec: number;
  logError: (message: string, details: Record<string, unknown>) => void;
}) {
  const { db, generations, scripts } = deps;

  async function requireOwned(userId: string, id: string): Promise<GenerationRow> {
    const row = isUuid(id) ? await generations.findOwned(db, userId, id) : undefined;
    if (!row) throw notFound(GENERATION_NOT_FOUND_MESSAGE);
    return row;
  }

  return {
    requireOwned,

    async generate(userId: string, input: GenerationInput) {
      // The persona answers 404 when it is not the user's, before anything is charged.
      if (input.personaId && !isUuid(input.personaId)) throw notFound(PERSONA_NOT_FOUND_MESSAGE);
      const persona = input.personaId ? await deps.personas.get(userId, input.personaId) : undefined;
      const id = randomUUID();
      await db.transaction(async (tx) => {
        // Starts of one user queue here, so the cap holds even for simultaneous requests.
        await generations.lockUser(tx, userId);
        if ((await generations.countRunning(tx, userId)) >= deps.concurrencyPerUser) {
          throw tooManyRequests(TOO_MANY_GENERATIONS_MESSAGE, 'too_many_generations');
        }
        const charged = await deps.pricing.charge(tx, {
          userId,
          action: 'script',
          units: input.variants,
          refId: id,
        });
        await generations.insert(tx, { id, userId, input, charged, runnerId: deps.runnerId });
      });
      deps.runner.start({ id, userId, input, persona });
      return { id, status: 'generating' as const };
    },

    async get(userId: string, id: string): Promise<Generation> {
      const row = await requireOwned(userId, id);
      const [variants, stored] = await Promise.all([
        generations.variants(db, id),
        scripts.ofGeneration(db, id),
      ]);
      return {
        ...toGenerationBase(row),
        variants: variants.map((v) => ({ index: v.idx, status: v.status, error: v.error })),
        scripts: stored.map(toScript),
      };
    },

    async list(userId: string, page: number, pageSize: number): Promise<Page<GenerationListItem>> {
      const { items, total } = await generations.list(db, userId, page, pageSize);
      const titles = await scripts.titlesOf(
        db,
        items.map((r) => r.id),
      );
      return {
        items: items.map((row) => ({
          ...toGenerationBase(row),
          scripts: titles
            .filter((t) => t.generationId === row.id)
            .map(({ id, title, confirmed }) => ({ id, title, confirmed })),
        })),
        total,
        page,
        pageSize,
      };
    },

    /**
     * Closes generations left running by an instance that is gone (its heartbeat went stale):
     * failed, credits refunded, each in its own transaction. Safe to run on every instance at
     * once: a row is locked by one of them and no longer running for the others.
     */
    async recoverStale(): Promise<number> {
      let recovered = 0;
      for (const id of await generations.staleIds(db, deps.staleSec)) {
        try {
          const result = await deps.finalize(id, { staleSec: deps.staleSec }, STALE_RUNNER_MESSAGE);
          if (result) recovered++;
        } catch (error) {
          deps.logError('stale generation could not be recovered', { generationId: id, error });
        }
      }
      return recovered;
    },
  };
}
export type CreationService = ReturnType<typeof createCreationService>;
