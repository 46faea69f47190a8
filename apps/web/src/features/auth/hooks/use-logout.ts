import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAccountStore } from '@/stores/account-store';
import { resetAuth } from '@/stores/auth-store';
import { logout } from '../api/logout';

/**
 * SPEC §4: revoke the session on the server, clear token, userInfo and linkId, reset the stores,
 * then go to the site root with a full load. A failed revoke does not keep anyone logged in here.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      console.error('退出登录时吊销会话失败', error);
    }
    resetAuth();
    useAccountStore.getState().reset();
    queryClient.clear();
    window.location.replace('/');
  }, [queryClient]);
}
