import { createHash, randomBytes } from 'node:crypto';
import { type Config, devRoutesLoopbackOnly } from '../../config.ts';
import type { LoginProvider, WechatProfile } from './login-provider.ts';

export interface DevLoginProvider extends LoginProvider {
  readonly mode: 'dev';
  /** Its confirm page and scan answer only this machine (production without ALLOW_DEV_PROVIDERS=public). */
  readonly loopbackOnly: boolean;
  /** TRUST_PROXY: whether req.ip is the forwarded client's address. */
  readonly trustProxy: boolean;
}

/** Every account the dev login makes has an openid of this form: an identity nobody verified. */
export const DEV_OPENID_PREFIX = 'dev_';
export const isDevOpenid = (openid: string) => openid.startsWith(DEV_OPENID_PREFIX);

export const DEV_SCAN_PATH = '/api/v1/dev/wechat/scan';

/**
 * `dev`: the QR encodes a link to this server's confirm page, so a phone on the same network, a
 * browser or a test can "scan" it. It lets anyone in, hence refused in production unless
 * ALLOW_DEV_PROVIDERS is set (checked in config and again here); there, its page answers only this
 * machine unless ALLOW_DEV_PROVIDERS=public, and its accounts are never admins (user.service.ts).
 */
export function createDevLoginProvider(opts: {
  publicUrl: string;
  nodeEnv: Config['NODE_ENV'];
  allowDevProviders: Config['ALLOW_DEV_PROVIDERS'];
  trustProxy?: boolean;
}): DevLoginProvider {
  if (opts.nodeEnv === 'production' && !opts.allowDevProviders) {
    throw new Error(
      'LOGIN_MODE=dev 在生产环境被禁止（任何人都能登录）；如确需使用请设置 ALLOW_DEV_PROVIDERS=1',
    );
  }
  return {
    mode: 'dev',
    loopbackOnly: devRoutesLoopbackOnly({
      NODE_ENV: opts.nodeEnv,
      ALLOW_DEV_PROVIDERS: opts.allowDevProviders,
    }),
    trustProxy: opts.trustProxy ?? false,
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
    return { openid: `${DEV_OPENID_PREFIX}${id}`, nickname: name, avatar: '' };
  }
  const id = randomBytes(12).toString('hex');
  return { openid: `${DEV_OPENID_PREFIX}${id}`, nickname: `体验用户${id.slice(0, 4)}`, avatar: '' };
}
