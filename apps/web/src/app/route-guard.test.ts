import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { requireLoginLoader } from './route-guard';

describe('route guard (SPEC §2)', () => {
  beforeEach(() => {
    Cookies.remove('token');
    useAuthStore.getState().reset();
  });

  it('sends a visitor to / with the full target in redirect and opens the login modal', () => {
    const res = requireLoginLoader({
      request: new Request('http://localhost:3000/dashboard/order?tab=paid'),
    });
    expect(res).toBeInstanceOf(Response);
    const location = (res as Response).headers.get('location')!;
    expect(new URL(location, 'http://x').searchParams.get('redirect')).toBe('/dashboard/order?tab=paid');
    expect(new URL(location, 'http://x').pathname).toBe('/');
    expect(useAuthStore.getState().loginModalVisible).toBe(true);
  });

  it('lets a visitor with a token cookie through', () => {
    Cookies.set('token', 't');
    expect(requireLoginLoader({ request: new Request('http://localhost:3000/dashboard/script') })).toBeNull();
    expect(useAuthStore.getState().loginModalVisible).toBe(false);
  });
});
