import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { type GenerateOptions, GenerationError } from '../generation-provider.ts';
import { extractJsonObject } from './json-extract.ts';
import { repairMessages } from './prompts/repair-prompt.ts';
import { type ReadableFormat, ReadableJsonStream } from './readable-json.ts';

export interface JsonRequest<T> {
  client: OpenAI;
  model: string;
  /** Longest wait for the next piece of the answer (connecting, retrying or streaming). */
  timeoutMs: number;
  messages: ChatCompletionMessageParam[];
  schema: z.ZodType<T>;
  format: ReadableFormat;
  temperature: number;
}

type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

function check<T>(text: string, schema: z.ZodType<T>): Checked<T> {
  let json: unknown;
  try {
    json = extractJsonObject(text);
  } catch (err) {
    return { ok: false, problem: `不是合法的 JSON：${err instanceof Error ? err.message : String(err)}` };
  }
  const result = schema.safeParse(json);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, problem: z.prettifyError(result.error) };
}

/**
 * Asks for one JSON object, streams it to `onDelta` as readable text, validates it, and on a
 * bad answer asks once more with the validation problem before giving up.
 */
export async function requestJson<T>(req: JsonRequest<T>, opts: GenerateOptions = {}): Promise<T> {
  const first = await streamChat(req, req.messages, opts);
  const checked = check(first, req.schema);
  if (checked.ok) return checked.value;

  opts.onDelta?.('\n（输出格式有误，正在自动修正……）\n');
  const second = await streamChat(req, repairMessages(req.messages, first, checked.problem), opts);
  const repaired = check(second, req.schema);
  if (repaired.ok) return repaired.value;
  throw new GenerationError(
    'invalid_output',
    '模型返回的内容格式不对，自动修正一次后仍不符合要求，请重试或更换模型',
    { cause: new Error(repaired.problem) },
  );
}

/** One streamed chat completion; resolves with the full text. */
async function streamChat<T>(
  req: JsonRequest<T>,
  messages: ChatCompletionMessageParam[],
  opts: GenerateOptions,
): Promise<string> {
  if (opts.signal?.aborted) throw new GenerationError('aborted');
  const controller = new AbortController();
  let fail: (err: GenerationError) => void = () => {};
  // Settles only by failing: the race below ends the call the moment time runs out or the user aborts.
  const guard = new Promise<never>((_, reject) => {
    fail = reject;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (err: GenerationError) => {
    controller.abort();
    fail(err);
  };
  // An idle deadline, reset by every chunk: long answers may stream for minutes, a stalled one may not.
  const bump = () => {
    clearTimeout(timer);
    timer = setTimeout(() => stop(new GenerationError('timeout')), req.timeoutMs);
  };
  const onAbort = () => stop(new GenerationError('aborted'));
  opts.signal?.addEventListener('abort', onAbort, { once: true });

  const work = (async () => {
    bump();
    const stream = await req.client.chat.completions.create(
      {
        model: req.model,
        messages,
        stream: true,
        temperature: req.temperature,
        response_format: { type: 'json_object' },
        ...(opts.seed === undefined ? {} : { seed: opts.seed }),
      },
      { signal: controller.signal },
    );
    const readable = new ReadableJsonStream(req.format, (text) => opts.onDelta?.(text));
    let text = '';
    for await (const chunk of stream) {
      bump();
      const piece = chunk.choices[0]?.delta?.content ?? '';
      if (piece) {
        text += piece;
        readable.push(piece);
      }
    }
    return text;
  })();
  work.catch(() => {}); // its failure is reported through the race, or is moot after a timeout

  try {
    return await Promise.race([work, guard]);
  } catch (err) {
    throw toGenerationError(err);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

const STATUS_MESSAGES: Record<number, string> = {
  400: '模型服务拒绝了这次请求，请调整内容后重试',
  401: '模型服务鉴权失败，请联系管理员检查模型配置',
  403: '模型服务拒绝访问，请联系管理员检查模型配置',
  404: '模型或接口地址不存在，请联系管理员检查模型配置',
  429: '模型服务繁忙（请求过多），请稍后重试',
};

function toGenerationError(err: unknown): GenerationError {
  if (err instanceof GenerationError) return err;
  if (err instanceof OpenAI.APIConnectionTimeoutError)
    return new GenerationError('timeout', undefined, { cause: err });
  if (err instanceof OpenAI.APIUserAbortError)
    return new GenerationError('aborted', undefined, { cause: err });
  if (err instanceof OpenAI.APIError && err.status !== undefined) {
    const message = STATUS_MESSAGES[err.status] ?? `模型服务暂时不可用（${err.status}），请稍后重试`;
    return new GenerationError('upstream', message, { cause: err });
  }
  if (err instanceof OpenAI.APIConnectionError) {
    return new GenerationError('upstream', '无法连接模型服务，请稍后重试', { cause: err });
  }
  return new GenerationError('upstream', undefined, { cause: err });
}
