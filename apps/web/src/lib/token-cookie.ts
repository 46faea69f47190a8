import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '@/config/theme';

/**
 * The one place the `token` cookie is written. The page reads it (route guard, API client), so it
 * cannot be HttpOnly; it is sent only over https when the site is served over https, and never
 * on cross-site subrequests.
 */
export const tokenCookie = {
  get: (): string | undefined => Cookies.get(TOKEN_COOKIE),
  set(token: string): void {
    Cookies.set(TOKEN_COOKIE, token, {
      expires: 30,
      sameSite: 'lax',
      path: '/',
      secure: globalThis.location.protocol === 'https:',
    });
  },
  remove(): void {
    Cookies.remove(TOKEN_COOKIE, { path: '/' });
  },
};
