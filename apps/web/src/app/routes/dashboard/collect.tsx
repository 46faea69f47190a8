import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { dashboardScreens } from '@/config/dashboard-screens';
import { paths, scriptPathFor } from '@/config/paths';
import { CollectedTopicList } from '@/features/topics/components/collected-topic-list';

/** 我的收藏: favourite hot topics; one click writes a script from one. */
export function Component() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={dashboardScreens.collect.title} subtitle="收藏的热点都在这里，挑一个直接写脚本" />
      <CollectedTopicList
        onWrite={(topic) => navigate(scriptPathFor({ title: topic.title, topicId: topic.id }))}
        emptyAction={
          <Button type="primary" onClick={() => navigate(paths.inspirationLibrary)}>
            去热点榜看看
          </Button>
        }
      />
    </>
  );
}
