import { type Config, ConfigError, publicUrl } from '../../config.ts';
import { createDevLoginProvider, type DevLoginProvider } from './dev-login.provider.ts';
import { createAccessTokenSource } from './mp-access-token.ts';
import { createMpLoginProvider, type MpLoginProvider } from './mp-login.provider.ts';

/** LOGIN_MODE picks the provider; a missing credential stops the start naming the variable. */
export function createLoginProvider(config: Config): DevLoginProvider | MpLoginProvider {
  if (config.LOGIN_MODE === 'mp') {
    const { WECHAT_MP_APPID: appid, WECHAT_MP_SECRET: secret, WECHAT_MP_TOKEN: token } = config;
    const missing = [
      !appid && 'WECHAT_MP_APPID',
      !secret && 'WECHAT_MP_SECRET',
      !token && 'WECHAT_MP_TOKEN',
    ].filter(Boolean);
    if (!appid || !secret || !token) {
      throw new ConfigError(`LOGIN_MODE=mp 需要公众号配置，缺少：${missing.join(', ')}`);
    }
    const apiBase = config.WECHAT_API_BASE.replace(/\/$/, '');
    return createMpLoginProvider({
      apiBase,
      callbackToken: token,
      accessToken: createAccessTokenSource({ apiBase, appid, secret }),
    });
  }
  return createDevLoginProvider({
    publicUrl: publicUrl(config),
    nodeEnv: config.NODE_ENV,
    allowDevProviders: config.ALLOW_DEV_PROVIDERS,
    trustProxy: config.TRUST_PROXY,
  });
}
