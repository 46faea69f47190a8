import { createParser } from 'eventsource-parser';
import type { BrowserContext } from 'playwright-core';

/**
 * Signing in for browser tests through the real dev login (DESIGN §2), over HTTP, the way a
 * phone confirming the QR code would: create a QR state, confirm it on the dev scan endpoint,
 * read the token from that state's status stream. Nothing test-only exists on the server.
 *
 * Note: QR creation is rate-limited per address (LOGIN_RATE_PER_MIN, default 20 a minute). A
 * test that signs in more often than that should start its server with a higher limit.
 */

export interface DevLogin {
  token: string;
  userId: string;
  userInfo: { avatar: string; nickname: string; userId: string; role: string };
}

interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
}

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const body = (await res.json()) as Envelope<T>;
  if (!res.ok || !body.success)
    throw new Error(`${init?.method ?? 'GET'} ${url} → ${res.status} ${body.message}`);
  return body.data;
}

/** Reads the state's status stream until it completes, and returns the token it carries. */
async function readToken(serverUrl: string, state: string): Promise<string> {
  const res = await fetch(`${serverUrl}/api/v1/user/qrcode?${new URLSearchParams({ state, code: '' })}`, {
    headers: { accept: 'text/event-stream' },
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok || !res.body) throw new Error(`status stream → ${res.status} ${await res.text()}`);
  let token: string | undefined;
  let failure: string | undefined;
  const parser = createParser({
    onEvent(event) {
      const data = JSON.parse(event.data) as { status: string; token?: string; message?: string };
      if (data.status === 'complete' && data.token) token = data.token;
      else if (data.status === 'complete' || data.status === 'expired' || data.status === 'error')
        failure = `stream ended with ${event.data}`;
    },
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  while (!token && !failure) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  await reader.cancel().catch(() => {});
  if (!token) throw new Error(failure ?? 'status stream ended without a token');
  return token;
}

/** The whole dev QR login over HTTP: a new user per new nickname, the same user for the same one. */
export async function devLogin(serverUrl: string, nickname?: string): Promise<DevLogin> {
  const { state } = await getJson<{ pic: string; state: string }>(
    `${serverUrl}/api/v1/user/qrcode?type=qr&code=`,
  );
  await getJson(`${serverUrl}/api/v1/dev/wechat/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(nickname ? { state, nickname } : { state }),
  });
  const token = await readToken(serverUrl, state);
  const info = await getJson<{ userId: string; nickname: string; avatar: string; role: string }>(
    `${serverUrl}/api/v1/user/info`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  return {
    token,
    userId: info.userId,
    userInfo: { avatar: info.avatar, nickname: info.nickname, userId: info.userId, role: info.role },
  };
}

/** A session token for API calls in a browser test (send it as `Authorization: Bearer <token>`). */
export async function apiLogin(serverUrl: string, nickname?: string): Promise<string> {
  return (await devLogin(serverUrl, nickname)).token;
}

/**
 * Signs a browser context in as the web app does after a QR login: the `token` cookie, and in
 * local storage (prefix `jbgf_`) the token JSON-encoded and the stored profile. Pages opened
 * afterwards start logged in.
 */
export async function loginAs(
  context: BrowserContext,
  server: { url: string },
  nickname?: string,
): Promise<{ token: string; userId: string }> {
  const login = await devLogin(server.url, nickname);
  await context.addCookies([{ name: 'token', value: login.token, url: server.url, sameSite: 'Lax' }]);
  // Local storage belongs to the origin: write it from a small same-origin document, once (an
  // init script would put the token back after a test logs out).
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}/api/v1/health`);
    await page.evaluate(
      ({ token, userInfo }) => {
        localStorage.setItem('jbgf_token', JSON.stringify(token));
        localStorage.setItem('jbgf_userInfo', JSON.stringify(userInfo));
      },
      { token: login.token, userInfo: login.userInfo },
    );
  } finally {
    await page.close();
  }
  return { token: login.token, userId: login.userId };
}
