import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { ConfirmedScriptList, GenerationList } from './history-lists';
import './history-view.css';

/** /dashboard/history: confirmed scripts and every past creation. */
export function HistoryView({ title }: { title: string }) {
  const [tab, setTab] = useState('confirmed');
  return (
    <>
      <PageHeader
        title={title}
        subtitle="确认过的脚本和每一次生成都在这里：打开继续改、重新下载，或用同样的设置再生成"
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'confirmed', label: '已确认的脚本', children: <ConfirmedScriptList /> },
            { key: 'generations', label: '创作记录', children: <GenerationList /> },
          ]}
        />
      </Card>
    </>
  );
}
