import { randomInt, randomUUID } from 'node:crypto';
import {
  type GenerationInput,
  SUGGEST_COUNT_DEFAULT,
  type SuggestInput,
  type SuggestResult,
} from '@app/contract';
import type { PersonaDraft, ScriptDraft } from '@app/contract/generation';
import type { Db } from '../../db/database.ts';
import { GenerationError, type GenerationProvider } from '../../generation/generation-provider.ts';
import { AppError, notFound, withCause } from '../../lib/errors.ts';
import type { PersonaService } from '../persona/persona.service.ts';
import type { PricingService } from '../pricing/pricing.service.ts';

export const SCRIPT_NOT_FOUND_MESSAGE = '脚本不存在';

/** One of the user's scripts as the suggestion generator sees it, with what it was asked for. */
export interface ScriptForSuggest {
  script: ScriptDraft;
  input?: GenerationInput;
}

/** How `improve` finds a script: owned by the user, or null. The scripts module (creation) owns scripts. */
export type ScriptLookup = (userId: string, scriptId: string) => Promise<ScriptForSuggest | null>;

function draftOf(persona: PersonaDraft): PersonaDraft {
  const { name, positioning, audience, tags, tone, pillars, titleFormulas, monetization, radar } = persona;
  return { name, positioning, audience, tags, tone, pillars, titleFormulas, monetization, radar };
}

/**
 * POST /suggest/gen: topic ideas (the hot-topic selection generator), titles, hooks, and
 * improvements of a script. Free by default (COST_SUGGEST=0) but charged and refunded like any
 * generation when a cost is configured.
 */
export function createSuggestService(deps: {
  db: Db;
  pricing: Pick<PricingService, 'charge' | 'tryRefund'>;
  generation: Pick<GenerationProvider, 'suggest'>;
  personas: Pick<PersonaService, 'get'>;
  getScript: ScriptLookup;
}) {
  const { db, pricing } = deps;

  return {
    async generate(userId: string, input: SuggestInput): Promise<SuggestResult> {
      // Both lookups answer 404 for what is not the user's, before anything is charged.
      const persona = input.personaId ? await deps.personas.get(userId, input.personaId) : undefined;
      let found: ScriptForSuggest | null = null;
      if (input.scriptId) {
        found = await deps.getScript(userId, input.scriptId);
        if (!found) throw notFound(SCRIPT_NOT_FOUND_MESSAGE);
      }

      const refId = randomUUID();
      const charged = await db.transaction((tx) => pricing.charge(tx, { userId, action: 'suggest', refId }));
      try {
        const suggestions = await deps.generation.suggest(
          {
            kind: input.kind,
            count: input.count ?? SUGGEST_COUNT_DEFAULT,
            persona: persona ? draftOf(persona) : undefined,
            topic: input.topic,
            script: found?.script,
            platform: found?.input?.platform ?? persona?.platform,
            ...(found?.input
              ? {
                  topic: input.topic ?? found.input.topic,
                  request: {
                    durationSec: found.input.durationSec,
                    templateId: found.input.templateId,
                    twist: found.input.twist,
                  },
                }
              : {}),
          },
          // A new batch each time: asking again is how a user says "give me others".
          { seed: randomInt(1_000_000) },
        );
        return { suggestions };
      } catch (cause) {
        const refundError = await pricing.tryRefund({ userId, amount: charged, refId });
        if (refundError) {
          throw withCause(
            new AppError(500, '生成建议失败，退回点数时出错，请联系客服处理', 'refund_failed'),
            refundError,
          );
        }
        const reason = cause instanceof GenerationError ? cause.message : '生成建议失败，请稍后重试';
        const note = charged > 0 ? `（已退回 ${charged} 点）` : '';
        throw withCause(new AppError(502, `${reason}${note}`, 'generation_failed'), cause);
      }
    },
  };
}
export type SuggestService = ReturnType<typeof createSuggestService>;
