import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { SessionService } from '../modules/auth/session.service.ts';
import { ACCOUNT_DISABLED_MESSAGE, type AuthUser, type UserService } from '../modules/user/user.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; routes without it see null. */
    user: AuthUser | null;
    sessionToken: string | null;
  }
  interface FastifyInstance {
    requireUser: preHandlerHookHandler;
    requireAdmin: preHandlerHookHandler;
    /** For routes open to visitors that still personalise for a signed-in user. */
    optionalUser: preHandlerHookHandler;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 128 ? token : null;
}

/** Bearer header only, never a cookie: nothing a third-party page can send for the user (no CSRF). */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { sessions: SessionService; users: UserService }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionToken', null);

    /**
     * The signed-in user, or why there is none. A disabled account's sessions are deleted when it
     * is disabled; the check here also covers one a login created in that same instant.
     */
    const load = async (req: FastifyRequest): Promise<AuthUser | 'none' | 'disabled'> => {
      const token = bearerToken(req);
      if (!token) return 'none';
      const userId = await opts.sessions.resolve(token);
      if (!userId) return 'none';
      const user = await opts.users.getById(userId);
      if (!user) return 'none';
      if (user.disabledAt) return 'disabled';
      req.user = user;
      req.sessionToken = token;
      return user;
    };
    const signedIn = async (req: FastifyRequest): Promise<AuthUser> => {
      const user = await load(req);
      if (user === 'disabled') throw unauthorized(ACCOUNT_DISABLED_MESSAGE, 'account_disabled');
      if (user === 'none') throw unauthorized('登录已失效，请重新登录');
      return user;
    };

    app.decorate('optionalUser', async (req: FastifyRequest) => {
      await load(req);
    });
    app.decorate('requireUser', async (req: FastifyRequest) => {
      await signedIn(req);
    });
    app.decorate('requireAdmin', async (req: FastifyRequest) => {
      const user = await signedIn(req);
      if (user.role !== 'admin') throw forbidden('仅管理员可以进行此操作');
    });
  },
  { name: 'auth' },
);

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
