import { storage } from '@/lib/storage';
import { tokenCookie } from '@/lib/token-cookie';
import { useAuthStore } from '@/stores/auth-store';
import { getUserInfo } from '../api/get-user-info';

/**
 * SPEC §4: login stores the token and fetches user info; only if that succeeds is the user info
 * stored and the user marked logged in. Otherwise the token is dropped again.
 */
export async function acceptToken(token: string): Promise<void> {
  tokenCookie.set(token);
  storage.set('token', token);
  try {
    const info = await getUserInfo();
    useAuthStore.getState().acceptLogin(token, {
      avatar: info.avatar,
      nickname: info.nickname,
      userId: info.userId,
      role: info.role,
    });
  } catch (error) {
    tokenCookie.remove();
    storage.remove('token');
    throw error;
  }
}
