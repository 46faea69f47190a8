import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { env } from '@/config/env';
import { readToken, resetAuth, useAuthStore } from '@/stores/auth-store';
import { SseError } from './sse';

export interface SsePostOptions {
  /** Sent as the JSON body. */
  body: unknown;
  signal?: AbortSignal;
  onEvent(event: EventSourceMessage): void;
}

/**
 * POSTs JSON and reads the answer as text/event-stream with fetch (EventSource can neither POST
 * nor send the Bearer header). A refusal before the stream opens (400, 401, 422, 429…) arrives
 * as the usual envelope and is thrown as an SseError carrying its status and the server's
 * Chinese message; a 401 also logs the user out, as the API client does. Resolves when the
 * server ends the stream.
 */
export async function postSse(path: string, options: SsePostOptions): Promise<void> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(`${env.apiBaseUrl}${path}`, {
      method: 'POST',
      headers: {
        Accept: 'text/event-stream',
        'Content-Type': 'application/json',
        'X-Request-Id': crypto.randomUUID(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new SseError('网络连接失败，请检查网络后重试');
  }
  if (!response.ok || !response.body) {
    let message = `请求失败（${response.status}）`;
    try {
      const body = (await response.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // Not an envelope: keep the status text.
    }
    if (response.status === 401) {
      resetAuth();
      useAuthStore.getState().openLoginModal();
    }
    throw new SseError(message, response.status);
  }
  const parser = createParser({ onEvent: options.onEvent });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(value);
  }
}
