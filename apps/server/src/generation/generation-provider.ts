import type {
  PersonaAnalyzeInput,
  PersonaDraft,
  Platform,
  ScriptDraft,
  Suggestion,
  SuggestKind,
  TemplateId,
  Twist,
} from '@app/contract/generation';

export interface GenerateOptions {
  /** Human-readable Chinese text as it is written (never raw JSON), for a live preview. */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
  /** Same input + same seed = same output where the provider can promise it. */
  seed?: number;
  /** The other versions of the same request finished so far: a version must not repeat them. */
  siblings?: () => ScriptDraft[];
}

export interface ScriptTask {
  topic: string;
  persona?: PersonaDraft & { id?: string };
  templateId: TemplateId;
  twist: Twist;
  platform: Platform;
  durationSec: number;
  extra?: string;
  /** 0..2: variants of one request must differ from each other. */
  variantIndex: number;
}

export interface SuggestTask {
  kind: SuggestKind;
  count: number;
  persona?: PersonaDraft;
  topic?: string;
  script?: ScriptDraft;
  platform?: Platform;
  /** What the script was asked for: improvement ideas never argue with the creator's choices. */
  request?: { durationSec: number; templateId: TemplateId; twist: Twist };
}

/** Every text-generation task of the product goes through this interface. */
export interface GenerationProvider {
  readonly name: 'builtin' | 'openai';
  analyzePersona(input: PersonaAnalyzeInput, opts?: GenerateOptions): Promise<PersonaDraft>;
  suggest(task: SuggestTask, opts?: GenerateOptions): Promise<Suggestion[]>;
  generateScript(task: ScriptTask, opts?: GenerateOptions): Promise<ScriptDraft>;
}

export type GenerationErrorCode = 'upstream' | 'invalid_output' | 'timeout' | 'aborted';

const DEFAULT_MESSAGES: Record<GenerationErrorCode, string> = {
  upstream: '模型服务暂时不可用，请稍后重试',
  invalid_output: '模型返回的内容格式不正确，自动修正后仍然无效，请重试或更换模型',
  timeout: '模型响应超时，请稍后重试',
  aborted: '生成已取消',
};

/** A failed generation; `message` is Chinese and safe to show to the user. */
export class GenerationError extends Error {
  readonly code: GenerationErrorCode;

  constructor(code: GenerationErrorCode, message?: string, options?: { cause?: unknown }) {
    super(message ?? DEFAULT_MESSAGES[code], options);
    this.name = 'GenerationError';
    this.code = code;
  }
}

/** Suggestion counts outside 1..10 are clamped rather than refused. */
export function clampSuggestionCount(count: number): number {
  if (!Number.isFinite(count)) return 5;
  return Math.min(10, Math.max(1, Math.round(count)));
}
