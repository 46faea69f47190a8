// Time from POST /creator/generate to the first `delta` event on its stream.
import { createParser } from 'eventsource-parser';

export async function firstDeltaMs(baseUrl, token) {
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/api/v1/creator/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      topic: '打工人早餐怎么吃',
      templateId: 'koubo',
      twist: 'none',
      platform: 'douyin',
      durationSec: 60,
      variants: 1,
    }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`generate → ${res.status} ${body.message}`);
  const stream = await fetch(`${baseUrl}/api/v1/creator/${body.data.id}/stream`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
  });
  if (!stream.ok || !stream.body) throw new Error(`stream → ${stream.status}`);
  let first = null;
  let failed = null;
  const parser = createParser({
    onEvent(e) {
      if (e.event === 'delta' && first === null) first = performance.now() - t0;
      if (e.event === 'error') failed = e.data;
    },
  });
  const reader = stream.body.pipeThrough(new TextDecoderStream()).getReader();
  // Read to the end so the generation finishes before the next round starts.
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  if (first === null) throw new Error(`no delta event${failed ? `: ${failed}` : ''}`);
  return first;
}
