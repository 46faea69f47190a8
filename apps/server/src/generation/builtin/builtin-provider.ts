import {
  type PersonaAnalyzeInput,
  type PersonaDraft,
  personaDraftSchema,
  type ScriptDraft,
  type Suggestion,
  scriptDraftSchema,
  suggestionSchema,
} from '@app/contract/generation';
import { z } from 'zod';
import { analyzeScriptTopic } from '../analysis/analyze-script-topic.ts';
import {
  clampSuggestionCount,
  type GenerateOptions,
  GenerationError,
  type GenerationProvider,
  type ScriptTask,
  type SuggestTask,
} from '../generation-provider.ts';
import { knowledge } from '../knowledge/load-knowledge.ts';
import { buildPersona } from './persona-builder.ts';
import { Rng } from './random.ts';
import { personaText, scriptText, suggestionsText } from './render-text.ts';
import { buildScript } from './script-builder.ts';
import { streamText } from './stream-text.ts';
import { buildSuggestions } from './suggest-builder.ts';

export interface BuiltinProviderOptions {
  /** Milliseconds between streamed chunks; 0 = as fast as possible (still asynchronous). */
  paceMs?: number;
}

const suggestionsSchema = z.array(suggestionSchema).min(1);

/** Output that fails the contract is a bug in the phrase data: report it like a model's bad output. */
function validated<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new GenerationError('invalid_output', '内置生成器产出的内容未通过校验，请换个说法再试', {
    cause: result.error,
  });
}

/**
 * The offline default: composes personas, scripts and suggestions from templates and phrase
 * banks. Deterministic for a given input and seed; streams its text like a model would.
 */
export class BuiltinProvider implements GenerationProvider {
  readonly name = 'builtin' as const;
  private readonly paceMs: number;

  constructor(options: BuiltinProviderOptions = {}) {
    this.paceMs = Math.max(0, options.paceMs ?? 0);
  }

  async analyzePersona(input: PersonaAnalyzeInput, opts: GenerateOptions = {}): Promise<PersonaDraft> {
    const seed = opts.seed ?? 0;
    const draft = validated(
      personaDraftSchema,
      buildPersona(input, knowledge(), Rng.from('persona', input, seed)),
    );
    await this.stream(personaText(draft), opts, seed);
    return draft;
  }

  async generateScript(task: ScriptTask, opts: GenerateOptions = {}): Promise<ScriptDraft> {
    const seed = opts.seed ?? 0;
    const draft = validated(scriptDraftSchema, buildScript(task, analyzeScriptTopic(task)));
    await this.stream(scriptText(draft), opts, seed + task.variantIndex);
    return draft;
  }

  async suggest(task: SuggestTask, opts: GenerateOptions = {}): Promise<Suggestion[]> {
    const seed = opts.seed ?? 0;
    const count = clampSuggestionCount(task.count);
    // Seeded without the count, so asking for fewer gives the first items of asking for more.
    const { count: _count, ...request } = task;
    const items = validated(
      suggestionsSchema,
      buildSuggestions(task, count, knowledge(), Rng.from('suggest', request, seed)),
    );
    await this.stream(suggestionsText(items), opts, seed);
    return items;
  }

  private stream(text: string, opts: GenerateOptions, seed: number): Promise<void> {
    return streamText(text, {
      onDelta: opts.onDelta,
      signal: opts.signal,
      paceMs: this.paceMs,
      rng: Rng.from('stream', seed),
    });
  }
}
