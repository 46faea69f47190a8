/**
 * How a QR login reaches WeChat (DESIGN §2). The login service owns states, users and sessions;
 * a provider only says what the QR code encodes, and (for `mp`) talks to the official account.
 * `dev` works offline: its QR points at a confirm page this server serves.
 */
export interface LoginProvider {
  readonly mode: 'dev' | 'mp';
  /** The text the QR image encodes for this state (a URL the phone opens or WeChat resolves). */
  qrContent(state: string, expiresInSec: number): Promise<string>;
}

/** The WeChat user behind a scan, as the login service needs it. */
export interface WechatProfile {
  openid: string;
  unionid?: string | null;
  nickname: string;
  avatar: string;
}
