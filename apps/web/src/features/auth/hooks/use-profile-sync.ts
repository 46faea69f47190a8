import { useEffect } from 'react';
import { useAuthStore } from '@/stores/auth-store';
import { useUserInfo } from '../api/get-user-info';

/**
 * The stored profile (SPEC §3) is written at login; this brings it up to date once per page load,
 * so a role an admin granted or took away (and a new nickname or avatar) shows without logging out.
 */
export function useProfileSync(): void {
  const isLogin = useAuthStore((s) => s.isLogin);
  const { data } = useUserInfo(isLogin);
  useEffect(() => {
    if (!data) return;
    const { token, userInfo } = useAuthStore.getState();
    const fresh = { avatar: data.avatar, nickname: data.nickname, userId: data.userId, role: data.role };
    const changed = (Object.keys(fresh) as (keyof typeof fresh)[]).some((k) => fresh[k] !== userInfo[k]);
    if (token && changed) useAuthStore.getState().acceptLogin(token, fresh);
  }, [data]);
}
