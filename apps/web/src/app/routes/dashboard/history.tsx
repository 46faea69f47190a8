import { dashboardScreens } from '@/config/dashboard-screens';
import { HistoryView } from '@/features/script/components/history-view';

/** 创作历史: confirmed scripts and past creations; opening one goes to the kept-alive workspace. */
export function Component() {
  return <HistoryView title={dashboardScreens.history.title} />;
}
