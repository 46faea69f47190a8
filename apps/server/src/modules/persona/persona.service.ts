import { randomUUID } from 'node:crypto';
import {
  PERSONA_MAX_PER_USER,
  type Persona,
  type PersonaDeleteResult,
  type PersonaUpdate,
} from '@app/contract';
import { type PersonaAnalyzeInput, personaDraftSchema } from '@app/contract/generation';
import type { Db } from '../../db/database.ts';
import { GenerationError, type GenerationProvider } from '../../generation/generation-provider.ts';
import { AppError, notFound, unprocessable, withCause } from '../../lib/errors.ts';
import type { GenerationEvents } from '../../lib/metrics.ts';
import { isUuid } from '../../lib/uuid.ts';
import { HEARTBEAT_MS, STALE_SEC } from '../creation/creation.module.ts';
import { type PricingService, refundFailure } from '../pricing/pricing.service.ts';
import type { PersonaRepository } from './persona.repository.ts';
import type { PersonaRow } from './persona.tables.ts';

export const PERSONA_NOT_FOUND_MESSAGE = '人设不存在或已被删除';
/** Why an analysis closed by the sweep failed: its instance stopped while it ran. */
export const STALE_ANALYSIS_MESSAGE = '人设分析中断（服务器重启或异常退出）';
const SHUTDOWN_OR_LEASE_LOST = '人设分析中断，请重新分析';

/** The analysis was closed (and refunded) by someone else: a sweep that took this instance for dead. */
class LeaseLostError extends Error {}

export interface AnalyzeHooks {
  /** Called once the credits are taken, before anything is generated (a stream opens here). */
  onStart?: () => void;
  /** Generated text as it arrives. */
  onDelta?: (text: string) => void;
}

export function toPersona(row: PersonaRow): Persona {
  return {
    ...row.body,
    name: row.name,
    id: row.id,
    isDefault: row.isDefault,
    platform: row.platform,
    accountName: row.accountName,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Personas (DESIGN §4, §5): an analysis is paid before it runs and refunded if it fails; the row
 * exists only for a successful one. Each user has exactly one default while they have any.
 *
 * The charge is written with a persona_analyses row, a lease like a script generation's: this
 * instance beats it while the model works; the persona insert (credit used) or the refund (credit
 * back) closes it in the same transaction. If this instance dies in between, the creation module's
 * sweep finds the stale lease and refunds it, once (recoverStale).
 */
export function createPersonaService(deps: {
  db: Db;
  personas: PersonaRepository;
  pricing: Pick<PricingService, 'charge' | 'refund'>;
  generation: Pick<GenerationProvider, 'analyzePersona'>;
  /** This process's id on the leases it holds; one per process by default. */
  runnerId?: string;
  heartbeatMs?: number;
  staleSec?: number;
  logError?: (message: string, details: Record<string, unknown>) => void;
  /** Started / ended analyses, for the metrics. */
  events?: GenerationEvents;
}) {
  const { db, personas, pricing } = deps;
  /** Analyses in progress on this instance (read by the metrics). */
  let running = 0;
  const runnerId = deps.runnerId ?? randomUUID();
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  const staleSec = deps.staleSec ?? STALE_SEC;
  const logError = deps.logError ?? ((message, details) => console.error(message, details));

  async function requireOwned(userId: string, id: string): Promise<PersonaRow> {
    const row = isUuid(id) ? await personas.findOwned(db, userId, id) : undefined;
    if (!row) throw notFound(PERSONA_NOT_FOUND_MESSAGE);
    return row;
  }

  /**
   * Fails a running analysis and gives its credits back, in one transaction, if `owner` can lock
   * it while it is still analysing: null when someone else closed it already (nothing to do).
   */
  async function closeFailed(
    id: string,
    owner: { runnerId: string } | { staleSec: number },
    reason: string,
  ): Promise<{ refunded: number } | null> {
    const closed = await db.transaction(async (tx) => {
      const row = await personas.lockRunningAnalysis(tx, id, owner);
      if (!row) return null;
      await personas.finishAnalysis(tx, id, { status: 'failed', error: reason, refunded: row.charged });
      await pricing.refund(tx, { userId: row.userId, amount: row.charged, refId: id });
      return { refunded: row.charged };
    });
    if (closed) deps.events?.ended('persona', { status: 'failed', refunded: closed.refunded });
    return closed;
  }

  function failure(charged: number, refundError: unknown, cause: unknown): AppError {
    if (refundError) {
      // The lease stays open: the sweep refunds it once this instance's heartbeat goes stale.
      return withCause(
        new AppError(500, '人设分析失败，点数稍后会自动退回，如未到账请联系客服', 'refund_failed'),
        refundError,
      );
    }
    const note = charged > 0 ? `（已退回本次消耗的 ${charged} 点）` : '';
    // The provider's own message says what went wrong (timeout, service down…) in Chinese.
    const reason =
      cause instanceof GenerationError
        ? `人设分析失败：${cause.message}`
        : cause instanceof LeaseLostError
          ? SHUTDOWN_OR_LEASE_LOST
          : '人设分析失败，请稍后重试';
    return withCause(new AppError(502, `${reason}${note}`, 'generation_failed'), cause);
  }

  return {
    runnerId,

    get runningCount(): number {
      return running;
    },

    async analyze(userId: string, input: PersonaAnalyzeInput, hooks: AnalyzeHooks = {}): Promise<Persona> {
      const existing = await personas.countByUser(db, userId);
      if (existing >= PERSONA_MAX_PER_USER) {
        throw unprocessable(
          `最多保存 ${PERSONA_MAX_PER_USER} 个人设，请先在「我的人设」里删除不用的`,
          'persona_limit',
        );
      }
      const id = randomUUID();
      // Paid first, with its lease, in one transaction: concurrent analyses of one wallet queue on
      // its row lock, and one that finds too few credits is refused (422) before anything runs.
      const charged = await db.transaction(async (tx) => {
        const cost = await pricing.charge(tx, { userId, action: 'persona', refId: id });
        await personas.insertAnalysis(tx, { id, userId, charged: cost, runnerId });
        return cost;
      });
      deps.events?.started('persona');
      hooks.onStart?.();
      const controller = new AbortController();
      const heartbeat = setInterval(() => {
        personas
          .heartbeatAnalysis(db, id, runnerId)
          .then((mine) => {
            if (!mine) controller.abort();
          })
          .catch((error) => logError('persona analysis heartbeat failed', { analysisId: id, error }));
      }, heartbeatMs);
      running++;
      try {
        const draft = personaDraftSchema.parse(
          // Seeded by how many the user has: analysing the same account again gives a fresh take.
          await deps.generation.analyzePersona(input, {
            onDelta: hooks.onDelta,
            seed: existing,
            signal: controller.signal,
          }),
        );
        const { name, ...body } = draft;
        const row = await db.transaction(async (tx) => {
          // Still ours and still running: the credit is used by this persona, in this transaction.
          if (!(await personas.lockRunningAnalysis(tx, id, { runnerId }))) throw new LeaseLostError();
          await personas.lockUser(tx, userId);
          const first = !(await personas.hasDefault(tx, userId));
          const inserted = await personas.insert(tx, {
            id,
            userId,
            platform: input.platform,
            accountName: input.accountName,
            name,
            body,
            input,
            isDefault: first,
          });
          await personas.finishAnalysis(tx, id, { status: 'done', error: null, refunded: 0 });
          return inserted;
        });
        deps.events?.ended('persona', { status: 'done', refunded: 0 });
        return toPersona(row);
      } catch (cause) {
        let refundError: unknown = null;
        try {
          // null: closed by a sweep meanwhile, which has refunded it already.
          await closeFailed(id, { runnerId }, cause instanceof Error ? cause.message : String(cause));
        } catch (error) {
          refundError = refundFailure(error, { userId, amount: charged, refId: id });
        }
        throw failure(charged, refundError, cause);
      } finally {
        running--;
        clearInterval(heartbeat);
      }
    },

    /**
     * Fails and refunds analyses left running by an instance that is gone (heartbeat stale), each
     * in its own transaction; safe on every instance at once (rows are locked SKIP LOCKED).
     */
    async recoverStale(): Promise<number> {
      let recovered = 0;
      for (const id of await personas.staleAnalysisIds(db, staleSec)) {
        try {
          if (await closeFailed(id, { staleSec }, STALE_ANALYSIS_MESSAGE)) recovered++;
        } catch (error) {
          logError('stale persona analysis could not be recovered', { analysisId: id, error });
        }
      }
      return recovered;
    },

    async list(userId: string, page: number, pageSize: number) {
      const { items, total } = await personas.list(db, userId, page, pageSize);
      return { items: items.map(toPersona), total, page, pageSize };
    },

    async get(userId: string, id: string): Promise<Persona> {
      return toPersona(await requireOwned(userId, id));
    },

    async update(userId: string, id: string, patch: PersonaUpdate): Promise<Persona> {
      if (!isUuid(id)) throw notFound(PERSONA_NOT_FOUND_MESSAGE);
      const row = await db.transaction(async (tx) => {
        await personas.lockUser(tx, userId);
        let current = await personas.findOwned(tx, userId, id);
        if (!current) throw notFound(PERSONA_NOT_FOUND_MESSAGE);
        if (patch.name !== undefined) current = await personas.rename(tx, userId, id, patch.name);
        if (patch.isDefault && !current?.isDefault) {
          await personas.clearDefault(tx, userId);
          current = await personas.markDefault(tx, userId, id);
        }
        return current!;
      });
      return toPersona(row);
    },

    async remove(userId: string, id: string): Promise<PersonaDeleteResult> {
      if (!isUuid(id)) throw notFound(PERSONA_NOT_FOUND_MESSAGE);
      return db.transaction(async (tx) => {
        await personas.lockUser(tx, userId);
        const removed = await personas.remove(tx, userId, id);
        if (!removed) throw notFound(PERSONA_NOT_FOUND_MESSAGE);
        let newDefaultId: string | null = null;
        if (removed.isDefault) {
          const heir = await personas.newestOther(tx, userId, id);
          if (heir) {
            await personas.markDefault(tx, userId, heir);
            newDefaultId = heir;
          }
        }
        return { id, newDefaultId };
      });
    },
  };
}
export type PersonaService = ReturnType<typeof createPersonaService>;
