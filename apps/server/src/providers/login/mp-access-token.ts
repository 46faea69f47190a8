/**
 * The official account's access_token, fetched from /cgi-bin/stable_token and cached until shortly
 * before it expires. stable_token (not /cgi-bin/token) because several instances each fetching
 * their own token through /cgi-bin/token would keep invalidating each other's.
 */
export interface AccessTokenSource {
  get(): Promise<string>;
  /** Drops the cached token after WeChat called it invalid, so the next get() fetches anew. */
  invalidate(token: string): void;
}

/** Renew this long before WeChat's expiry, so a token never dies in the middle of a call. */
const EARLY_MS = 5 * 60_000;

export class WechatApiError extends Error {
  constructor(
    readonly errcode: number,
    errmsg: string,
  ) {
    super(`微信接口错误 ${errcode}: ${errmsg}`);
  }
}

export function createAccessTokenSource(opts: {
  apiBase: string;
  appid: string;
  secret: string;
  now?: () => number;
}): AccessTokenSource {
  const now = opts.now ?? Date.now;
  let cached: { token: string; renewAt: number } | undefined;
  // One request in flight at a time: a burst of QR requests after expiry fetches once.
  let inflight: Promise<string> | undefined;

  const fetchToken = async (): Promise<string> => {
    const res = await fetch(`${opts.apiBase}/cgi-bin/stable_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credential',
        appid: opts.appid,
        secret: opts.secret,
        force_refresh: false,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json()) as {
      access_token?: string;
      expires_in?: number;
      errcode?: number;
      errmsg?: string;
    };
    if (!body.access_token)
      throw new WechatApiError(body.errcode ?? res.status, body.errmsg ?? 'no access_token');
    const lifetimeMs = (body.expires_in ?? 7200) * 1000;
    cached = { token: body.access_token, renewAt: now() + Math.max(lifetimeMs - EARLY_MS, lifetimeMs / 2) };
    return body.access_token;
  };

  return {
    async get() {
      if (cached && now() < cached.renewAt) return cached.token;
      inflight ??= fetchToken().finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined;
    },
  };
}
