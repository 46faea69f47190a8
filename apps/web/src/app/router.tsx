import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { type DashboardScreen, paths } from '@/config/paths';
import { RootLayout } from './layouts/root-layout';
import { requireLoginLoader } from './route-guard';
import { dashboardScreenRoutes } from './routes/dashboard/screens';
import { HomeRoute } from './routes/home';

/** Dashboard screens load on demand; the script screen is kept alive by the layout instead. */
const dashboardChildren: RouteObject[] = (Object.keys(dashboardScreenRoutes) as DashboardScreen[]).map(
  (screen) => ({
    path: paths[screen].replace('/dashboard/', ''),
    lazy: screen === 'script' ? undefined : dashboardScreenRoutes[screen],
    element: screen === 'script' ? null : undefined,
    handle: { screen },
  }),
);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, element: <HomeRoute /> },
      {
        path: paths.dashboard,
        loader: requireLoginLoader,
        // The guard runs on every navigation inside the dashboard, not only on entering it.
        shouldRevalidate: () => true,
        lazy: async () => ({ Component: (await import('./layouts/dashboard-layout')).DashboardLayout }),
        children: [{ index: true, loader: () => redirect(paths.account) }, ...dashboardChildren],
      },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
    ],
  },
];

export const router = createBrowserRouter(routes);
