import type { LoginProvider, WechatProfile } from './login-provider.ts';
import type { AccessTokenSource } from './mp-access-token.ts';
import { WechatApiError } from './mp-access-token.ts';

/** errcodes meaning "this access_token is no good": fetch a new one and try once more. */
const BAD_TOKEN = new Set([40001, 40014, 42001]);

export interface MpLoginProvider extends LoginProvider {
  readonly mode: 'mp';
  /** The Token configured in the official account's server settings (signs callbacks). */
  readonly callbackToken: string;
  /** Who scanned: openid plus unionid when WeChat gives it (nickname is no longer shared). */
  profile(openid: string): Promise<WechatProfile>;
}

/**
 * `mp`: a WeChat official account (服务号). The QR is a temporary parametric code whose scene is the
 * state; WeChat pushes the scan to our message callback, which resolves it to that state.
 */
export function createMpLoginProvider(opts: {
  apiBase: string;
  callbackToken: string;
  accessToken: AccessTokenSource;
}): MpLoginProvider {
  const call = async <T>(
    path: string,
    init: { method: 'GET' | 'POST'; query?: Record<string, string>; body?: unknown },
  ) => {
    for (let attempt = 0; ; attempt++) {
      const token = await opts.accessToken.get();
      const query = new URLSearchParams({ access_token: token, ...init.query });
      const res = await fetch(`${opts.apiBase}${path}?${query}`, {
        method: init.method,
        headers: init.body ? { 'content-type': 'application/json' } : undefined,
        body: init.body ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as T & { errcode?: number; errmsg?: string };
      if (body.errcode && BAD_TOKEN.has(body.errcode) && attempt === 0) {
        opts.accessToken.invalidate(token);
        continue;
      }
      if (body.errcode) throw new WechatApiError(body.errcode, body.errmsg ?? '');
      return body;
    }
  };

  return {
    mode: 'mp',
    callbackToken: opts.callbackToken,
    async qrContent(state, expiresInSec) {
      const body = await call<{ ticket?: string; url?: string }>('/cgi-bin/qrcode/create', {
        method: 'POST',
        body: {
          expire_seconds: expiresInSec,
          action_name: 'QR_STR_SCENE',
          action_info: { scene: { scene_str: state } },
        },
      });
      // The image is rendered from the returned url (what the official image at showqrcode encodes).
      if (!body.url) throw new WechatApiError(-1, 'qrcode/create 未返回 url');
      return body.url;
    },
    async profile(openid) {
      try {
        const info = await call<{ unionid?: string }>('/cgi-bin/user/info', {
          method: 'GET',
          query: { openid, lang: 'zh_CN' },
        });
        return { openid, unionid: info.unionid ?? null, nickname: '微信用户', avatar: '' };
      } catch {
        // unionid is a nicety: a failed lookup must not fail the login.
        return { openid, unionid: null, nickname: '微信用户', avatar: '' };
      }
    },
  };
}
