import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { env } from '@/config/env';
import { readToken } from '@/stores/auth-store';

export interface SseOptions {
  /** Query parameters (serialised as a query string). */
  params?: Record<string, string>;
  signal?: AbortSignal;
  onEvent(event: EventSourceMessage): void;
}

export class SseError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * Reads a text/event-stream with fetch, so the Bearer header goes along (EventSource cannot send
 * headers, and a token never belongs in a URL). eventsource-parser splits lines on LF, CR and CRLF
 * as the SSE spec says. Resolves when the server ends the stream.
 */
export async function readSse(path: string, options: SseOptions): Promise<void> {
  const query = options.params ? `?${new URLSearchParams(options.params)}` : '';
  const token = readToken();
  const response = await fetch(`${env.apiBaseUrl}${path}${query}`, {
    headers: {
      Accept: 'text/event-stream',
      'X-Request-Id': crypto.randomUUID(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    signal: options.signal,
  });
  if (!response.ok || !response.body) {
    let message = `连接失败（${response.status}）`;
    try {
      const body = (await response.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // Not an envelope: keep the status text.
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
