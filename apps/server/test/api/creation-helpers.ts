import type { Generation, GenerationInput } from '@app/contract';
import { createParser } from 'eventsource-parser';
import { expect } from 'vitest';
import { parseSse } from '../helpers/parse-sse.ts';
import type { TestApp, TestUser } from '../helpers/test-app.ts';

/** Helpers shared by the creation and script API tests. */

export const baseInput: GenerationInput = {
  topic: '上班族三分钟早餐',
  templateId: 'koubo',
  twist: 'none',
  platform: 'douyin',
  durationSec: 60,
  variants: 1,
};

export async function grant(t: TestApp, user: TestUser, credits: number) {
  await t.app.container.wallet.change({ userId: user.id, delta: credits, reason: 'grant' });
}

export async function startGeneration(t: TestApp, user: TestUser, input: Partial<GenerationInput> = {}) {
  const res = await t.call<{ id: string; status: string }>({
    method: 'POST',
    url: '/api/v1/creator/generate',
    token: user.token,
    payload: { ...baseInput, ...input },
  });
  expect(res.status, res.body.message).toBe(200);
  expect(res.body.data.status).toBe('generating');
  return res.body.data.id;
}

/** The whole stream through inject(): it returns once the server ends it (after done/error). */
export async function readWholeStream(t: TestApp, user: TestUser, id: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/creator/${id}/stream`,
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/event-stream/);
  return parseSse(res.body);
}

export type StreamEvent = { event: string; data: Record<string, unknown> };

/** Splices deltas by offset, as the web client does; checks that none leaves a gap. */
export function textsOf(events: StreamEvent[]): string[] {
  const texts: string[] = [];
  for (const e of events) {
    if (e.event !== 'delta') continue;
    const { variant, offset, text } = e.data as { variant: number; offset: number; text: string };
    const current = texts[variant] ?? '';
    expect(offset, 'a delta must not leave a gap').toBeLessThanOrEqual(current.length);
    texts[variant] = current.slice(0, offset) + text;
  }
  return texts;
}

export async function getGeneration(t: TestApp, user: TestUser, id: string) {
  const res = await t.call<Generation>({ method: 'GET', url: `/api/v1/creator/${id}`, token: user.token });
  expect(res.status).toBe(200);
  return res.body.data;
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function waitFinished(t: TestApp, user: TestUser, id: string) {
  return waitFor(async () => {
    const g = await getGeneration(t, user, id);
    return g.status !== 'generating' && g;
  });
}

/**
 * Reads a stream over a real connection, event by event, until `stopWhen` says so (then the
 * connection is dropped, like a closed tab) or the server ends it.
 */
export async function readStreamUntil(
  baseUrl: string,
  token: string,
  id: string,
  stopWhen: (events: StreamEvent[]) => boolean = () => false,
): Promise<StreamEvent[]> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/creator/${id}/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const events: StreamEvent[] = [];
  let stop = false;
  const parser = createParser({
    onEvent: (e) => {
      if (stop) return;
      events.push({ event: e.event ?? 'message', data: JSON.parse(e.data) });
      if (stopWhen(events)) stop = true;
    },
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  try {
    while (!stop) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } finally {
    controller.abort();
    await reader.cancel().catch(() => {});
  }
  return events;
}
