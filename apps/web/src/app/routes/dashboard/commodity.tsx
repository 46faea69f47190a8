import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { dashboardScreens } from './screens';

export function Component() {
  return <ScreenPlaceholder title={dashboardScreens.commodity.title} />;
}
