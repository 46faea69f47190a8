import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** A signed-in user made directly through the services (the QR flow has tests of its own). */
  signIn(opts?: { nickname?: string; admin?: boolean }): Promise<TestUser>;
  /** inject() that parses the envelope. */
  call<T = unknown>(opts: InjectOptions & { token?: string }): Promise<{ status: number; body: ApiBody<T> }>;
  close(): Promise<void>;
}

export interface TestUser {
  id: string;
  token: string;
  nickname: string;
}

export interface ApiBody<T> {
  success: boolean;
  data: T;
  message: string;
}

let openidCounter = 0;

export async function createTestApp(
  env: Record<string, string> = {},
  options: { database?: Database; webDistDir?: string } = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', LLM_PACE_MS: '0', ...env });
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({ config, database, logger: false, webDistDir: options.webDistDir });
  await app.ready();
  const { container } = app;

  return {
    app,
    database,
    config,
    async signIn(opts = {}) {
      const nickname = opts.nickname ?? `测试用户${++openidCounter}`;
      const { user } = await container.users.findOrCreateByOpenid({
        openid: `test-${process.pid}-${Date.now()}-${++openidCounter}`,
        nickname,
        avatar: '',
      });
      if (opts.admin) await container.users.grantAdmin(user.id);
      const token = await container.sessions.create(user.id);
      return { id: user.id, token, nickname };
    },
    async call<T>(opts: InjectOptions & { token?: string }) {
      const { token, headers, ...rest } = opts;
      const res = await app.inject({
        ...rest,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      return { status: res.statusCode, body: res.json() as ApiBody<T> };
    },
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
