import { dashboardScreens } from '@/config/dashboard-screens';
import { ScriptWorkspace } from '@/features/script/components/script-workspace';
import { HotTopicPicker } from '@/features/topics/components/hot-topic-picker';

/**
 * 脚本创作. The dashboard layout keeps this screen mounted once visited (SPEC §2), so a running
 * generation keeps streaming and the edits stay while the user is on another screen.
 */
export function Component() {
  return (
    <ScriptWorkspace
      title={dashboardScreens.script.title}
      renderTopicPicker={(props) => <HotTopicPicker {...props} />}
    />
  );
}
