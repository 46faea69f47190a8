import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAccountStore } from '@/stores/account-store';
import { useAuthStore } from '@/stores/auth-store';
import { useBecomeDistributor } from '../api/become-distributor';
import { useIsDistributor } from '../api/check-distribution';
import { useCopyShareLink } from '../api/get-share-link';
import defaultAvatar from '../assets/default-avatar.svg';
import './user-menu.css';

type Entry =
  | { key: string; label: string; to: string }
  | { key: string; label: string; run(): void; busy?: boolean; danger?: boolean };

/** Leaving the avatar for the panel crosses a small gap: wait a moment before closing. */
const CLOSE_DELAY_MS = 180;

/**
 * The avatar menu (SPEC §2): opens on hover (and on tap, for phones), shows avatar and nickname,
 * and lists the entries in SPEC order, distributor-only ones swapped by the flag read from the
 * server when the menu loads.
 */
export function UserMenu({ onLogout }: { onLogout(): void }) {
  const nickname = useAuthStore((s) => s.userInfo.nickname) || '创作者';
  const avatar = useAuthStore((s) => s.userInfo.avatar) || defaultAvatar;
  const isDistribution = useAccountStore((s) => s.isDistribution);
  const check = useIsDistributor();
  const become = useBecomeDistributor();
  const copyLink = useCopyShareLink();
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (check.data) useAccountStore.getState().setDistribution(check.data.is_distribution);
  }, [check.data]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // A mouse click lands right after the hover that opened the menu: it must not close it again.
  const openedAt = useRef(0);
  const show = () => {
    clearTimeout(closeTimer.current);
    if (!open) openedAt.current = Date.now();
    setOpen(true);
  };
  const toggle = () => {
    if (open && Date.now() - openedAt.current < 500) return;
    if (!open) openedAt.current = Date.now();
    setOpen(!open);
  };
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };

  const entries: Entry[] = [
    ...(isDistribution
      ? [{ key: 'share', label: '我的分享链接', run: () => copyLink.mutate(), busy: copyLink.isPending }]
      : [{ key: 'become', label: '成为分销商', run: () => become.mutate(), busy: become.isPending }]),
    { key: 'order', label: '订单列表', to: paths.order },
    ...(isDistribution
      ? [
          { key: 'customers', label: '我的客户', to: paths.distribution },
          { key: 'wallet', label: '我的分销钱包', to: paths.wallet },
        ]
      : []),
    { key: 'myWallet', label: '我的钱包', to: paths.myWallet },
    { key: 'logout', label: '退出登录', run: onLogout, danger: true },
  ];

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only opens what the button also opens
    <div className="user-menu" ref={root} onMouseEnter={show} onMouseLeave={hideSoon}>
      <button
        type="button"
        className="user-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={toggle}
      >
        <img className="user-menu__avatar" src={avatar} alt="" width={32} height={32} />
        <span className="user-menu__name">{nickname}</span>
        <span className="user-menu__caret" aria-hidden="true" />
      </button>
      {open ? (
        <div className="user-menu__panel" role="menu" aria-label="用户菜单">
          <div className="user-menu__profile">
            <img src={avatar} alt="" width={44} height={44} />
            <div>
              <strong>{nickname}</strong>
              <span>{isDistribution ? '分销商' : '创作者'}</span>
            </div>
          </div>
          <ul className="user-menu__list">
            {entries.map((entry) => (
              <li key={entry.key} role="none">
                {'to' in entry ? (
                  <Link
                    role="menuitem"
                    to={entry.to}
                    className="user-menu__item"
                    onClick={() => setOpen(false)}
                  >
                    {entry.label}
                  </Link>
                ) : (
                  <button
                    type="button"
                    role="menuitem"
                    className={`user-menu__item${entry.danger ? ' user-menu__item--danger' : ''}`}
                    disabled={entry.busy}
                    onClick={() => {
                      entry.run();
                      if (entry.key === 'logout') setOpen(false);
                    }}
                  >
                    {entry.label}
                    {entry.busy ? (
                      <span className="user-menu__spinner" role="status" aria-label="处理中" />
                    ) : null}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
