import { Empty } from 'antd';
import { PageHeader } from './page-header';

/** A titled empty state for a screen whose contents are not built yet. */
export function ScreenPlaceholder({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Empty description={description ?? '该功能正在建设中，敬请期待'} style={{ padding: '64px 0' }} />
    </>
  );
}
