import { Drawer, Grid, Layout, Menu, Skeleton } from 'antd';
import { Activity, lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { dashboardMenuGroups, dashboardScreens } from '@/config/dashboard-screens';
import type { DashboardScreen } from '@/config/paths';
import { paths } from '@/config/paths';
import { useProfileSync } from '@/features/auth/hooks/use-profile-sync';
import { useAuthStore } from '@/stores/auth-store';
import { AntdProvider } from './antd-provider';
import './dashboard-layout.css';
import { SiteHeader } from './site-header';

const ScriptScreen = lazy(async () => ({ default: (await import('../routes/dashboard/script')).Component }));

function useCurrentScreen(): DashboardScreen | undefined {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { screen?: DashboardScreen } | undefined;
  return handle?.screen;
}

export function DashboardLayout() {
  const screen = useCurrentScreen();
  const navigate = useNavigate();
  const location = useLocation();
  const isAdmin = useAuthStore((s) => s.userInfo.role === 'admin');
  // The menu follows the role the server has now, not the one stored at login.
  useProfileSync();
  const screens = Grid.useBreakpoint();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // SPEC §2: the script screen is kept alive: mounted once visited, hidden (not unmounted) elsewhere.
  const [scriptVisited, setScriptVisited] = useState(screen === 'script');
  useEffect(() => {
    if (screen === 'script') setScriptVisited(true);
  }, [screen]);
  // Close the mobile drawer whenever the route changes.
  const pathname = location.pathname;
  useEffect(() => {
    if (pathname) setDrawerOpen(false);
  }, [pathname]);

  const items = dashboardMenuGroups
    .map((group) => ({
      type: 'group' as const,
      label: group.label,
      children: group.screens
        .filter((s) => !dashboardScreens[s].adminOnly || isAdmin)
        .map((s) => ({ key: s, label: dashboardScreens[s].title })),
    }))
    .filter((group) => group.children.length > 0);

  const menu = (
    <Menu
      mode="inline"
      selectedKeys={screen ? [screen] : []}
      items={items}
      onClick={({ key }) => navigate(paths[key as DashboardScreen])}
      style={{ borderInlineEnd: 0 }}
    />
  );
  const isDesktop = screens.lg ?? true;

  return (
    <AntdProvider>
      <SiteHeader />
      <Layout className="dashboard">
        {isDesktop ? (
          <Layout.Sider width={208} theme="light" className="dashboard__sider">
            {menu}
          </Layout.Sider>
        ) : (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            width={240}
            title="功能导航"
          >
            {menu}
          </Drawer>
        )}
        <Layout.Content className="dashboard__content">
          {!isDesktop && (
            <button type="button" className="dashboard__menu-toggle" onClick={() => setDrawerOpen(true)}>
              ☰ {screen ? dashboardScreens[screen].title : '功能导航'}
            </button>
          )}
          <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
            {scriptVisited && (
              <Activity mode={screen === 'script' ? 'visible' : 'hidden'}>
                <ScriptScreen />
              </Activity>
            )}
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </AntdProvider>
  );
}
