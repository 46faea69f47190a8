import type { QrCode, QrStatusEvent } from '@app/contract';
import { createParser } from 'eventsource-parser';
import type { TestApp } from '../helpers/test-app.ts';

/** Helpers of the login tests: a real port (streams need one) and an SSE reader. */

export async function listen(t: TestApp): Promise<string> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

export async function newQr(t: TestApp, code = ''): Promise<QrCode> {
  const { status, body } = await t.call<QrCode>({
    method: 'GET',
    url: `/api/v1/user/qrcode?type=qr&code=${encodeURIComponent(code)}`,
  });
  if (status !== 200) throw new Error(`qrcode → ${status} ${body.message}`);
  return body.data;
}

export async function devScan(t: TestApp, state: string, nickname?: string) {
  return t.call<{ status: string }>({
    method: 'POST',
    url: '/api/v1/dev/wechat/scan',
    payload: nickname === undefined ? { state } : { state, nickname },
  });
}

export interface StatusStream {
  status: number;
  /** Raw text received so far (heartbeat comments included). */
  raw: string;
  events: QrStatusEvent[];
  /** The next event not yet taken by next(); rejects if the stream ends first. */
  next(timeoutMs?: number): Promise<QrStatusEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens GET /user/qrcode?state= and collects its events. Non-200 answers resolve with status only. */
export async function openStream(baseUrl: string, state: string, code = ''): Promise<StatusStream> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/user/qrcode?${new URLSearchParams({ state, code })}`, {
    headers: { accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: QrStatusEvent[] = [];
  const waiters: (() => void)[] = [];
  let taken = 0;
  let finished = false;
  const stream: StatusStream = {
    status: res.status,
    raw: '',
    events,
    ended: Promise.resolve(),
    async next(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length <= taken) {
        if (finished) throw new Error(`stream ended after ${events.length} events: ${stream.raw}`);
        if (Date.now() > deadline) throw new Error(`no event within ${timeoutMs} ms: ${stream.raw}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      return events[taken++]!;
    },
    close: () => controller.abort(),
  };
  if (!res.ok || !res.body) {
    stream.raw = await res.text();
    finished = true;
    return stream;
  }
  const parser = createParser({
    onEvent(event) {
      events.push(JSON.parse(event.data) as QrStatusEvent);
      for (const w of waiters.splice(0)) w();
    },
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        stream.raw += value;
        parser.feed(value);
      }
    } catch {
      // aborted by close()
    } finally {
      finished = true;
      for (const w of waiters.splice(0)) w();
    }
  })();
  return stream;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
