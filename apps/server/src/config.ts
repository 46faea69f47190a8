import { z } from 'zod';

/**
 * The only place that reads process.env. Every variable is validated here so that a bad value
 * stops the start with a message naming it, instead of failing later at a distance.
 */
const bool = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .default(false);
const int = (def: number) => z.coerce.number().int().min(0).default(def);
/**
 * ALLOW_DEV_PROVIDERS: 0/false = dev providers refused in production; 1/true = allowed, their
 * pages and calls answering only the server's own machine (loopback); public = allowed for anyone.
 * Still truthy/falsy as before, so `if (config.ALLOW_DEV_PROVIDERS)` keeps its meaning.
 */
const devProviderAccess = z
  .enum(['0', '1', 'true', 'false', 'public'], { error: '应为 0、1、true、false 或 public' })
  .transform((v) => (v === 'public' ? 'public' : v === '1' || v === 'true' ? 'loopback' : false))
  .default(false);

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, '必须是 postgres:// 连接串')
    .optional(),
  PGLITE_DIR: z.string().min(1).default('./data/pglite'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  WEB_DIST_DIR: z.string().optional(),
  ALLOW_DEV_PROVIDERS: devProviderAccess,
  TRUST_PROXY: bool,
  /** /api/docs and the OpenAPI document; always on outside production. */
  API_DOCS: bool,

  LOGIN_MODE: z.enum(['dev', 'mp']).default('dev'),
  WECHAT_MP_APPID: z.string().optional(),
  WECHAT_MP_SECRET: z.string().optional(),
  WECHAT_MP_TOKEN: z.string().optional(),
  WECHAT_API_BASE: z.url().default('https://api.weixin.qq.com'),
  QR_EXPIRE_SEC: int(300),
  SESSION_DAYS: int(30),
  SESSION_CACHE_MS: int(30000),
  LOGIN_RATE_PER_MIN: int(20),

  PAY_MODE: z.enum(['dev', 'wechat']).default('dev'),
  WECHATPAY_MCHID: z.string().optional(),
  WECHATPAY_APPID: z.string().optional(),
  WECHATPAY_SERIAL_NO: z.string().optional(),
  WECHATPAY_PRIVATE_KEY: z.string().optional(),
  WECHATPAY_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().optional(),
  WECHATPAY_APIV3_KEY: z.string().optional(),
  WECHATPAY_API_BASE: z.url().default('https://api.mch.weixin.qq.com'),
  WECHATPAY_NOTIFY_URL: z.url().optional(),
  ORDER_EXPIRE_MIN: int(15),

  LLM_MODE: z.enum(['builtin', 'openai']).default('builtin'),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: int(60000),
  LLM_PACE_MS: int(15),
  GENERATION_RATE_PER_MIN: int(10),
  GENERATION_CONCURRENCY_PER_USER: int(2),
  SUGGEST_RATE_PER_MIN: int(30),

  SIGNUP_CREDITS: int(3),
  COST_PERSONA: int(1),
  COST_SCRIPT: int(1),
  COST_SUGGEST: int(0),

  COMMISSION_RATE: z.coerce.number().min(0).max(1).default(0.2),
  SETTLEMENT_DAYS: z.coerce.number().min(0).default(7),
  /** How often each instance runs the commission settlement sweep; 0 = only when an admin triggers it. */
  SETTLEMENT_SWEEP_SEC: int(600),
  WITHDRAW_MIN_CENTS: int(1000),

  /** Slow clients are cut off: whole request, headers, idle kept-alive socket (see app.ts). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(30_000).default(20_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(30_000).default(10_000),
  /** Longer than a proxy's idle upstream connection (nginx: 60 s), so the proxy closes first. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(65_000),
  /** Open event streams per instance: all together, anonymous per address, per user, per QR. */
  STREAM_MAX_TOTAL: int(20000),
  STREAM_MAX_PER_IP: int(30),
  STREAM_MAX_PER_USER: int(12),
  STREAM_MAX_PER_STATE: int(3),

  HOTLIST_URL: z.url().optional(),
  HOTLIST_REFRESH_MIN: int(0),
  HOT_TOPICS_CACHE_MS: int(10000),
  HOTLIST_FORMAT: z.enum(['dailyhot']).default('dailyhot'),
  HOTLIST_ROUTES: z
    .string()
    .regex(
      /^\s*(douyin|kuaishou|xiaohongshu|shipinhao)=[\w./-]+(\s*,\s*(douyin|kuaishou|xiaohongshu|shipinhao)=[\w./-]+)*\s*$/,
      '格式应为 平台=路由，逗号分隔，例如 douyin=douyin,kuaishou=kuaishou',
    )
    .default('douyin=douyin,kuaishou=kuaishou'),
  HOTLIST_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),

  /** GET /metrics on the main port only with `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, '至少 16 个字符').optional(),
  /** GET /metrics on a listener of its own (same HOST), instead of the main port. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** After SIGTERM: answer not-ready but keep serving this long; default 5000 in production, else 0. */
  DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset" so that `FOO= npm start` behaves like not setting FOO.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`环境变量配置有误 (invalid environment configuration):\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.PAY_MODE === 'wechat') {
    const payKeys = [
      'MCHID',
      'APPID',
      'SERIAL_NO',
      'PRIVATE_KEY',
      'PUBLIC_KEY',
      'PUBLIC_KEY_ID',
      'APIV3_KEY',
    ] as const;
    const missing = payKeys.map((k) => `WECHATPAY_${k}` as const).filter((k) => !config[k]);
    if (missing.length > 0) throw new ConfigError(`PAY_MODE=wechat 需要配置：${missing.join(', ')}`);
    if (Buffer.byteLength(config.WECHATPAY_APIV3_KEY!, 'utf8') !== 32)
      throw new ConfigError('WECHATPAY_APIV3_KEY: APIv3 密钥必须是 32 个字符');
  }
  if (config.METRICS_PORT !== undefined && config.METRICS_PORT === config.PORT) {
    throw new ConfigError('METRICS_PORT 不能与 PORT 相同');
  }
  if (config.HEADERS_TIMEOUT_MS > config.REQUEST_TIMEOUT_MS) {
    throw new ConfigError('HEADERS_TIMEOUT_MS 不能大于 REQUEST_TIMEOUT_MS');
  }
  const devProviders = [
    config.LOGIN_MODE === 'dev' && 'LOGIN_MODE=dev',
    config.PAY_MODE === 'dev' && 'PAY_MODE=dev',
  ].filter(Boolean);
  if (config.NODE_ENV === 'production' && devProviders.length > 0 && !config.ALLOW_DEV_PROVIDERS) {
    throw new ConfigError(
      `生产环境禁止使用开发用的登录/支付通道 (${devProviders.join(', ')})：开发通道任何人都能登录或“支付”。` +
        '请配置真实通道，或在明确知情时设置 ALLOW_DEV_PROVIDERS=1（仅本机可用）或 ALLOW_DEV_PROVIDERS=public。',
    );
  }
  return config;
}

/** Which channels run on a dev provider (anyone can log in / "pay"): the site is a demo then. */
export type DevChannel = 'login' | 'pay';

export function devChannels(config: Pick<Config, 'LOGIN_MODE' | 'PAY_MODE'>): DevChannel[] {
  const channels: DevChannel[] = [];
  if (config.LOGIN_MODE === 'dev') channels.push('login');
  if (config.PAY_MODE === 'dev') channels.push('pay');
  return channels;
}

/**
 * Whether the dev providers' pages and calls answer only the server's own machine: in production,
 * unless ALLOW_DEV_PROVIDERS=public. In development and tests they stay open to the network, so a
 * phone on the same Wi-Fi can still scan the login QR of a local `npm start` (DESIGN §2).
 */
export function devRoutesLoopbackOnly(config: Pick<Config, 'NODE_ENV' | 'ALLOW_DEV_PROVIDERS'>): boolean {
  return config.NODE_ENV === 'production' && config.ALLOW_DEV_PROVIDERS !== 'public';
}

/** The address users reach us at: links in QR codes and share links are built from it. */
export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

/** How long a stopping instance keeps serving while it answers not-ready (see server.ts). */
export function drainMs(config: Pick<Config, 'NODE_ENV' | 'DRAIN_MS'>): number {
  return config.DRAIN_MS ?? (config.NODE_ENV === 'production' ? 5000 : 0);
}
