import { describe, expect, it } from 'vitest';
import { createGenerationProvider } from './create-generation-provider.ts';

describe('createGenerationProvider', () => {
  it('builds the builtin provider by default mode', () => {
    expect(createGenerationProvider({ mode: 'builtin', paceMs: 0, timeoutMs: 1000 }).name).toBe('builtin');
  });

  it('builds the openai provider when the endpoint and model are configured', () => {
    const provider = createGenerationProvider({
      mode: 'openai',
      paceMs: 0,
      timeoutMs: 1000,
      baseURL: 'http://127.0.0.1:11434/v1',
      model: 'qwen2.5:7b',
    });
    expect(provider.name).toBe('openai');
  });

  it('names the missing variables for openai mode', () => {
    expect(() => createGenerationProvider({ mode: 'openai', paceMs: 0, timeoutMs: 1000 })).toThrow(
      /LLM_BASE_URL.*LLM_MODEL.*缺少：LLM_BASE_URL、LLM_MODEL/,
    );
    expect(() =>
      createGenerationProvider({
        mode: 'openai',
        paceMs: 0,
        timeoutMs: 1000,
        baseURL: 'https://api.deepseek.com/v1',
      }),
    ).toThrow('缺少：LLM_MODEL');
  });
});
