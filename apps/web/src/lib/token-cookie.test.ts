import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenCookie } from './token-cookie';

describe('token cookie', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is written for the whole site, Lax, and without Secure on http', () => {
    const set = vi.spyOn(Cookies, 'set');
    tokenCookie.set('t1');
    expect(set).toHaveBeenCalledWith('token', 't1', {
      expires: 30,
      sameSite: 'lax',
      path: '/',
      secure: false,
    });
    expect(tokenCookie.get()).toBe('t1');
    tokenCookie.remove();
    expect(tokenCookie.get()).toBeUndefined();
  });

  it('gets Secure when the site is served over https', () => {
    vi.stubGlobal('location', new URL('https://jiaoben.example.com/dashboard'));
    const set = vi.spyOn(Cookies, 'set').mockReturnValue(undefined);
    tokenCookie.set('t2');
    expect(set).toHaveBeenCalledWith(
      'token',
      't2',
      expect.objectContaining({ secure: true, sameSite: 'lax' }),
    );
  });
});
