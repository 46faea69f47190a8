import {
  type PersonaAnalyzeInput,
  type PersonaDraft,
  personaDraftSchema,
  type ScriptDraft,
  type Suggestion,
  scriptDraftSchema,
  suggestionSchema,
} from '@app/contract/generation';
import OpenAI from 'openai';
import { z } from 'zod';
import {
  clampSuggestionCount,
  type GenerateOptions,
  type GenerationProvider,
  type ScriptTask,
  type SuggestTask,
} from '../generation-provider.ts';
import { planTwist } from '../templates/twist-plan.ts';
import { requestJson } from './chat-json.ts';
import { fitDurations } from './fit-durations.ts';
import { personaMessages } from './prompts/persona-prompt.ts';
import { scriptMessages } from './prompts/script-prompt.ts';
import { suggestMessages } from './prompts/suggest-prompt.ts';
import type { ReadableFormat } from './readable-json.ts';

export interface OpenAIProviderOptions {
  baseURL: string;
  /** Optional: local servers (Ollama, vLLM) accept any key. */
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** Retries on 408/409/429/5xx and connection errors, done by the SDK. */
  maxRetries?: number;
}

const PERSONA_FORMAT: ReadableFormat = {
  labels: {
    name: '人设名称',
    positioning: '定位',
    audience: '目标受众',
    tags: '人设标签',
    tone: '语气风格',
    pillars: '内容支柱',
    titleFormulas: '标题公式',
    monetization: '变现路径',
  },
};

const SCRIPT_FORMAT: ReadableFormat = {
  labels: {
    title: '标题',
    hook: '开场钩子',
    shot: '景别',
    visual: '画面',
    line: '台词',
    twist: '反转设计',
    cta: '结尾引导',
    tags: '话题',
    coverText: '封面文字',
  },
  itemHeaders: { scenes: (i) => `\n【镜头${i + 1}】\n` },
};

const SUGGEST_FORMAT: ReadableFormat = {
  labels: { text: '', reason: '理由' },
  itemHeaders: { suggestions: (i) => `${i + 1}. ` },
};

/** Any OpenAI-compatible chat-completions endpoint: OpenAI, DeepSeek, Qwen, Moonshot, Doubao, vLLM, Ollama. */
export class OpenAIProvider implements GenerationProvider {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAIProviderOptions) {
    this.client = new OpenAI({
      baseURL: options.baseURL,
      apiKey: options.apiKey || 'not-needed',
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries ?? 2,
    });
  }

  analyzePersona(input: PersonaAnalyzeInput, opts?: GenerateOptions): Promise<PersonaDraft> {
    return requestJson(
      {
        ...this.base(),
        messages: personaMessages(input),
        schema: personaDraftSchema,
        format: PERSONA_FORMAT,
        temperature: 0.7,
      },
      opts,
    );
  }

  async generateScript(task: ScriptTask, opts?: GenerateOptions): Promise<ScriptDraft> {
    const plan = planTwist(task.templateId, task.twist, task.durationSec);
    // The twist asked for is part of the contract of this call: missing it is an answer to repair.
    const schema = scriptDraftSchema.refine((d) => task.twist === 'none' || d.twist !== null, {
      message: '本条要求做反转，twist 字段不能为 null，请写清反转发生在第几秒、翻转了什么',
      path: ['twist'],
    });
    const draft = await requestJson(
      {
        ...this.base(),
        messages: scriptMessages(task, plan),
        schema,
        format: SCRIPT_FORMAT,
        temperature: 0.85,
      },
      opts,
    );
    return {
      ...draft,
      scenes: fitDurations(draft.scenes, plan.totalSec),
      twist: task.twist === 'none' ? null : draft.twist,
    };
  }

  async suggest(task: SuggestTask, opts?: GenerateOptions): Promise<Suggestion[]> {
    const count = clampSuggestionCount(task.count);
    const schema = z.object({ suggestions: z.array(suggestionSchema).min(1, '至少给出 1 条建议') });
    const result = await requestJson(
      {
        ...this.base(),
        messages: suggestMessages(task, count),
        schema,
        format: SUGGEST_FORMAT,
        temperature: 0.8,
      },
      opts,
    );
    return result.suggestions.slice(0, count);
  }

  private base() {
    return { client: this.client, model: this.options.model, timeoutMs: this.options.timeoutMs };
  }
}
