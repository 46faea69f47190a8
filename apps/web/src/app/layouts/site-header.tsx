import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/stores/auth-store';
import './site-header.css';

/** Logo home, one nav item into script creation, then login or the user's menu (SPEC §2). */
export function SiteHeader() {
  const isLogin = useAuthStore((s) => s.isLogin);
  const nickname = useAuthStore((s) => s.userInfo.nickname);
  const openLoginModal = useAuthStore((s) => s.openLoginModal);
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
            <span className="site-header__nickname">{nickname || '创作者'}</span>
          ) : (
            <button type="button" className="site-header__login" onClick={openLoginModal}>
              登录
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
