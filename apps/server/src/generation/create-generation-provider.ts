import { BuiltinProvider } from './builtin/builtin-provider.ts';
import type { GenerationProvider } from './generation-provider.ts';
import { OpenAIProvider } from './openai/openai-provider.ts';

export interface GenerationConfig {
  mode: 'builtin' | 'openai';
  /** Builtin only: milliseconds between streamed chunks. */
  paceMs: number;
  baseURL?: string;
  apiKey?: string;
  model?: string;
  timeoutMs: number;
}

/** Chooses the provider from configuration that was read and validated elsewhere. */
export function createGenerationProvider(config: GenerationConfig): GenerationProvider {
  if (config.mode === 'builtin') return new BuiltinProvider({ paceMs: config.paceMs });
  const missing = [!config.baseURL && 'LLM_BASE_URL', !config.model && 'LLM_MODEL'].filter(Boolean);
  if (!config.baseURL || !config.model) {
    throw new Error(
      `使用 openai 生成模式时必须配置 LLM_BASE_URL 和 LLM_MODEL，当前缺少：${missing.join('、')}（例如 LLM_BASE_URL=https://api.deepseek.com/v1 LLM_MODEL=deepseek-chat）`,
    );
  }
  return new OpenAIProvider({
    baseURL: config.baseURL,
    model: config.model,
    timeoutMs: config.timeoutMs,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
  });
}
