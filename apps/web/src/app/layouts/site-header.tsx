import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { captureLinkId } from '@/features/auth/lib/referral-code';
import defaultAvatar from '@/features/referral/assets/default-avatar.svg';
import { useAuthStore } from '@/stores/auth-store';
import './site-header.css';

/**
 * The dialogs need antd; the home page must not. They load on first use, each wrapped in the antd
 * provider (zh_CN, theme colours) so they look the same on the home page as in the dashboard.
 */
function withAntd<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ AntdProvider }, Component] = await Promise.all([import('./antd-provider'), load()]);
    return {
      default: (props: P) => (
        <AntdProvider>
          <Component {...props} />
        </AntdProvider>
      ),
    };
  });
}
const LoginModal = withAntd(async () => (await import('@/features/auth/components/login-modal')).LoginModal);
const LogoutConfirm = withAntd(
  async () => (await import('@/features/auth/components/logout-confirm')).LogoutConfirm,
);

// The menu brings the HTTP client and queries along: only logged-in visitors load it.
const UserMenu = lazy(async () => ({
  default: (await import('@/features/referral/components/user-menu')).UserMenu,
}));

/** What the avatar looks like while the menu's code is still on its way: no jump when it lands. */
function AvatarPlaceholder() {
  const nickname = useAuthStore((s) => s.userInfo.nickname) || '创作者';
  const avatar = useAuthStore((s) => s.userInfo.avatar) || defaultAvatar;
  return (
    <span className="site-header__avatar">
      <img src={avatar} alt="" width={32} height={32} />
      <span>{nickname}</span>
    </span>
  );
}

/** Logo home, one nav item into script creation, then 登录 or the avatar menu (SPEC §2). */
export function SiteHeader() {
  const isLogin = useAuthStore((s) => s.isLogin);
  const loginModalVisible = useAuthStore((s) => s.loginModalVisible);
  const openLoginModal = useAuthStore((s) => s.openLoginModal);
  const { search } = useLocation();
  // Mounted on first open and kept, so closing can animate; the same for the logout dialog.
  const [loginMounted, setLoginMounted] = useState(loginModalVisible);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const [logoutMounted, setLogoutMounted] = useState(false);

  useEffect(() => {
    if (loginModalVisible) setLoginMounted(true);
  }, [loginModalVisible]);

  // A share link (/?code=XXXX) is remembered as linkId; a guarded page sent here with `redirect`
  // (also after a reload) asks the visitor to log in.
  useEffect(() => {
    captureLinkId(search);
    if (!useAuthStore.getState().isLogin && new URLSearchParams(search).has('redirect')) {
      useAuthStore.getState().openLoginModal();
    }
  }, [search]);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={paths.home} className="site-header__logo" aria-label="脚本工坊首页">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>脚本工坊</span>
        </Link>
        <nav className="site-header__nav">
          <Link to={paths.account}>脚本创作</Link>
        </nav>
        <div className="site-header__user">
          {isLogin ? (
            <Suspense fallback={<AvatarPlaceholder />}>
              <UserMenu
                onLogout={() => {
                  setLogoutMounted(true);
                  setLogoutOpen(true);
                }}
              />
            </Suspense>
          ) : (
            <button type="button" className="site-header__login" onClick={openLoginModal}>
              登录
            </button>
          )}
        </div>
      </div>
      <Suspense fallback={null}>
        {loginMounted ? <LoginModal /> : null}
        {logoutMounted ? <LogoutConfirm open={logoutOpen} onClose={() => setLogoutOpen(false)} /> : null}
      </Suspense>
    </header>
  );
}
