import { Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { dashboardScreens } from '@/config/dashboard-screens';
import { scriptPathFor } from '@/config/paths';
import { InspirationBoard } from '@/features/inspiration/components/inspiration-board';
import { HotTopicList } from '@/features/topics/components/hot-topic-list';

type Tab = 'hot' | 'ideas';

/** 灵感库: today's hot topics (热点榜) and the library of viral posts (爆款灵感). */
export function Component() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'ideas' ? 'ideas' : 'hot';
  return (
    <>
      <PageHeader
        title={dashboardScreens.inspirationLibrary.title}
        subtitle="追热点、拆爆款：找到今天值得拍的选题"
      />
      <Tabs
        activeKey={tab}
        // Each tab keeps its own filters in the URL; switching tabs starts the other one fresh.
        onChange={(key) => setParams(key === 'hot' ? {} : { tab: key }, { replace: true })}
        items={[
          {
            key: 'hot',
            label: '热点榜',
            children: (
              <HotTopicList
                onWrite={(topic) => navigate(scriptPathFor({ title: topic.title, topicId: topic.id }))}
              />
            ),
          },
          {
            key: 'ideas',
            label: '爆款灵感',
            children: (
              <InspirationBoard onWriteSimilar={(item) => navigate(scriptPathFor({ title: item.title }))} />
            ),
          },
        ]}
      />
    </>
  );
}
