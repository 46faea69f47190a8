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
import { analyzeScriptTopic } from '../analysis/analyze-script-topic.ts';
import { retimeScenes } from '../analysis/timing.ts';
import {
  clampSuggestionCount,
  type GenerateOptions,
  GenerationError,
  type GenerationProvider,
  type ScriptTask,
  type SuggestTask,
} from '../generation-provider.ts';
import { scriptFindings } from '../quality/quality-gate.ts';
import { planTwist, type TwistPlan } from '../templates/twist-plan.ts';
import { requestJson } from './chat-json.ts';
import { personaMessages } from './prompts/persona-prompt.ts';
import { qualityRepairMessages } from './prompts/repair-prompt.ts';
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

/** Scene times from the lines' length, and no twist note where none was asked for. */
function finish(draft: ScriptDraft, task: ScriptTask, plan: TwistPlan): ScriptDraft {
  return {
    ...draft,
    scenes: retimeScenes(draft.scenes, plan.totalSec),
    twist: task.twist === 'none' ? null : draft.twist,
  };
}

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

  /**
   * One script, then the quality gate: a script with findings gets one repair round with each
   * finding spelled out; the better of the two is delivered, and what remains is shown to the
   * creator with it (the runner stores the gate's findings for every provider).
   */
  async generateScript(task: ScriptTask, opts: GenerateOptions = {}): Promise<ScriptDraft> {
    const plan = planTwist(task.templateId, task.twist, task.durationSec);
    // The twist asked for is part of the contract of this call: missing it is an answer to repair.
    const schema = scriptDraftSchema.refine((d) => task.twist === 'none' || d.twist !== null, {
      message: '本条要求做反转，twist 字段不能为 null，请写清反转发生在第几秒、翻转了什么',
      path: ['twist'],
    });
    const request = {
      ...this.base(),
      messages: scriptMessages(task, plan, analyzeScriptTopic(task)),
      schema,
      format: SCRIPT_FORMAT,
      temperature: 0.85,
    };
    const first = finish(await requestJson(request, opts), task, plan);
    const findings = scriptFindings(first, task, opts.siblings?.() ?? []);
    if (findings.length === 0) return first;

    opts.onDelta?.(`\n（自检发现 ${findings.length} 个问题，正在逐条修改……）\n`);
    try {
      const messages = qualityRepairMessages(request.messages, JSON.stringify(first), findings);
      const second = finish(await requestJson({ ...request, messages }, opts), task, plan);
      const left = scriptFindings(second, task, opts.siblings?.() ?? []);
      return left.length <= findings.length ? second : first;
    } catch (error) {
      // A failed repair still leaves a usable script: deliver it with its findings shown.
      if (error instanceof GenerationError && error.code === 'aborted') throw error;
      return first;
    }
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
