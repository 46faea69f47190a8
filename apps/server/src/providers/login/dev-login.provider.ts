import { createHash, randomBytes } from 'node:crypto';
import type { LoginProvider, WechatProfile } from './login-provider.ts';

export interface DevLoginProvider extends LoginProvider {
  readonly mode: 'dev';
}

export const DEV_SCAN_PATH = '/api/v1/dev/wechat/scan';

/**
 * `dev`: the QR encodes a link to this server's confirm page, so a phone on the same network, a
 * browser or a test can "scan" it. It lets anyone in, hence refused in production unless
 * ALLOW_DEV_PROVIDERS=1 (checked in config and again here).
 */
export function createDevLoginProvider(opts: {
  publicUrl: string;
  nodeEnv: string;
  allowDevProviders: boolean;
}): DevLoginProvider {
  if (opts.nodeEnv === 'production' && !opts.allowDevProviders) {
    throw new Error(
      'LOGIN_MODE=dev 在生产环境被禁止（任何人都能登录）；如确需使用请设置 ALLOW_DEV_PROVIDERS=1',
    );
  }
  return {
    mode: 'dev',
    async qrContent(state) {
      return `${opts.publicUrl}${DEV_SCAN_PATH}?${new URLSearchParams({ state })}`;
    },
  };
}

/**
 * The dev stand-in for a WeChat identity: the same nickname is the same person (so a developer
 * logging in again keeps their account); no nickname is a brand-new person.
 */
export function devProfile(nickname: string | undefined): WechatProfile {
  const name = nickname?.trim();
  if (name) {
    const id = createHash('sha256').update(name).digest('hex').slice(0, 24);
    return { openid: `dev_${id}`, nickname: name, avatar: '' };
  }
  const id = randomBytes(12).toString('hex');
  return { openid: `dev_${id}`, nickname: `体验用户${id.slice(0, 4)}`, avatar: '' };
}
