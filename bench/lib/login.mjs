// The dev QR login over HTTP, as a phone confirming the code would do it.
import { createParser } from 'eventsource-parser';

async function json(url, init) {
  const res = await fetch(url, init);
  const body = await res.json();
  if (!res.ok || !body.success) throw new Error(`${url} → ${res.status} ${body.message}`);
  return body.data;
}

export async function createState(baseUrl) {
  return (await json(`${baseUrl}/api/v1/user/qrcode?type=qr&code=`)).state;
}

export async function confirmScan(baseUrl, state, nickname) {
  await json(`${baseUrl}/api/v1/dev/wechat/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(nickname ? { state, nickname } : { state }),
  });
}

/** Opens a state's status stream; calls onStatus for each event; resolves when the stream ends. */
export async function openStatusStream(baseUrl, state, onStatus, signal) {
  const res = await fetch(`${baseUrl}/api/v1/user/qrcode?state=${state}&code=`, {
    headers: { accept: 'text/event-stream' },
    signal,
  });
  if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
  const parser = createParser({ onEvent: (e) => onStatus(JSON.parse(e.data)) });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(value);
  }
}

export async function login(baseUrl, nickname) {
  const state = await createState(baseUrl);
  await confirmScan(baseUrl, state, nickname);
  let token;
  await openStatusStream(baseUrl, state, (s) => {
    if (s.token) token = s.token;
  });
  if (!token) throw new Error('login stream ended without a token');
  return token;
}
