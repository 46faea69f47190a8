import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { env } from '@/config/env';
import { readToken, resetAuth, useAuthStore } from '@/stores/auth-store';

/** What a stream that could not be reached, or broke off, reports (no status: callers may retry). */
export const SSE_NETWORK_ERROR = '网络连接失败，请检查网络后重试';

export interface SseOptions {
  /** Query parameters (serialised as a query string). */
  params?: Record<string, string>;
  /** When given, the request is a POST with this as its JSON body; otherwise a GET. */
  body?: unknown;
  signal?: AbortSignal;
  onEvent(event: EventSourceMessage): void;
}

/**
 * Why a stream failed. `status` is the HTTP status of a refusal before the stream opened (with the
 * server's Chinese message); it is undefined for a network failure, which is worth retrying.
 */
export class SseError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Leaves an abort as it is (callers check their signal); anything else is a network failure. */
function networkFailure(error: unknown, signal: AbortSignal | undefined): unknown {
  return signal?.aborted ? error : new SseError(SSE_NETWORK_ERROR, undefined, { cause: error });
}

async function refusal(response: Response): Promise<SseError> {
  let message = `请求失败（${response.status}）`;
  try {
    const body = (await response.json()) as { message?: string };
    if (body.message) message = body.message;
  } catch {
    // Not an envelope: keep the status text.
  }
  // As the API client does: the session is gone, so log out and ask for a new login.
  if (response.status === 401) {
    resetAuth();
    useAuthStore.getState().openLoginModal();
  }
  return new SseError(message, response.status);
}

/**
 * Reads a text/event-stream with fetch, so the Bearer header goes along (EventSource can neither
 * POST nor send headers, and a token never belongs in a URL). eventsource-parser splits lines on
 * LF, CR and CRLF as the SSE spec says. Resolves when the server ends the stream; rejects with an
 * SseError (see there), or with the abort error once `signal` is aborted.
 */
export function createSseReader(baseUrl: string = env.apiBaseUrl) {
  return async function readSse(path: string, options: SseOptions): Promise<void> {
    const query = options.params ? `?${new URLSearchParams(options.params)}` : '';
    const token = readToken();
    const post = options.body !== undefined;
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}${query}`, {
        method: post ? 'POST' : 'GET',
        headers: {
          Accept: 'text/event-stream',
          ...(post ? { 'Content-Type': 'application/json' } : {}),
          'X-Request-Id': crypto.randomUUID(),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: post ? JSON.stringify(options.body) : undefined,
        signal: options.signal,
      });
    } catch (error) {
      throw networkFailure(error, options.signal);
    }
    if (!response.ok || !response.body) throw await refusal(response);

    const parser = createParser({ onEvent: options.onEvent });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<string>;
        try {
          chunk = await reader.read();
        } catch (error) {
          throw networkFailure(error, options.signal);
        }
        if (chunk.done) return;
        // onEvent runs inside feed: what it throws reaches the caller as it is.
        parser.feed(chunk.value);
      }
    } finally {
      // Stops the download if we leave early (a throwing onEvent); a no-op after the end.
      reader.cancel().catch(() => undefined);
    }
  };
}

export const readSse = createSseReader();
