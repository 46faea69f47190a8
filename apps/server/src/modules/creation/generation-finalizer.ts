import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../db/event-bus.ts';
import type { GenerationEvents } from '../../lib/metrics.ts';
import type { PricingService } from '../pricing/pricing.service.ts';
import type { CreationRepository } from './creation.repository.ts';
import { GENERATION_CHANNEL, type GenerationMessage } from './generation-events.ts';

export interface FinishResult {
  status: 'done' | 'failed';
  error: string | null;
  refunded: number;
}

/**
 * Ends a running generation in one transaction: variants still running fail with `reason`,
 * the credits of every failed variant go back, the row is closed. Used by the runner when its
 * work ends and by the sweeper for a dead runner's rows; whoever locks the row first wins, so a
 * generation is closed and refunded exactly once.
 */
export function createGenerationFinalizer(deps: {
  db: Db;
  bus: Pick<EventBus, 'publish'>;
  generations: CreationRepository;
  pricing: Pick<PricingService, 'refund'>;
  events?: Pick<GenerationEvents, 'ended'>;
}) {
  const { db, generations, pricing } = deps;

  return async function finalize(
    id: string,
    owner: { runnerId: string } | { staleSec: number },
    reason: string,
  ): Promise<FinishResult | null> {
    const result = await db.transaction(async (tx): Promise<FinishResult | null> => {
      const row = await generations.lockRunning(tx, id, owner);
      if (!row) return null;
      await generations.failRunningVariants(tx, id, reason);
      const variants = await generations.variants(tx, id);
      const failed = variants.filter((v) => v.status === 'failed');
      const allFailed = failed.length === variants.length;
      // Charged per variant, so a variant that failed gives back exactly its share.
      const refunded = allFailed ? row.charged : Math.floor(row.charged / variants.length) * failed.length;
      const firstError = failed[0]?.error ?? reason;
      const note = refunded > 0 ? `，已退还 ${refunded} 点` : '';
      const error = allFailed
        ? `脚本生成失败：${firstError}${note}`
        : failed.length > 0
          ? `${failed.length} 个版本生成失败（${firstError}）${note}`
          : null;
      const status = allFailed ? 'failed' : 'done';
      await generations.finish(tx, id, { status, error, refunded });
      await pricing.refund(tx, { userId: row.userId, amount: refunded, refId: id });
      return { status, error, refunded };
    });
    if (result) {
      deps.events?.ended('script', result);
      const message: GenerationMessage = { type: 'end' };
      await deps.bus.publish(GENERATION_CHANNEL, id, message).catch(() => {});
    }
    return result;
  };
}
export type GenerationFinalizer = ReturnType<typeof createGenerationFinalizer>;
