import { EditOutlined, RedoOutlined } from '@ant-design/icons';
import type { GenerationListItem, ScriptListItem } from '@app/contract';
import { platformNames } from '@app/contract/generation';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ResponsiveList } from '@/components/responsive-list';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useGenerations } from '../api/get-generations';
import { useScripts } from '../api/get-scripts';
import { useTemplates } from '../api/get-templates';
import { totalSeconds } from '../lib/script-draft';
import { DownloadButtons } from './download-buttons';
import { twistLabels } from './twist-picker';

const PAGE_SIZE = 10;

export const openPath = (generationId: string, scriptId?: string) =>
  `${paths.script}?${new URLSearchParams(scriptId ? { open: generationId, script: scriptId } : { open: generationId })}`;
export const againPath = (generationId: string) => `${paths.script}?again=${generationId}`;

function InputTags({ input }: { input: ScriptListItem['input'] }) {
  const templates = useTemplates();
  const template = templates.data?.find((t) => t.id === input.templateId);
  return (
    <Space size={4} wrap>
      <Tag>{template?.name ?? input.templateId}</Tag>
      <Tag>{twistLabels[input.twist]}</Tag>
      <Tag>{platformNames[input.platform]}</Tag>
    </Space>
  );
}

/** My confirmed scripts: open one in the workspace, download it, or generate again from its input. */
export function ConfirmedScriptList() {
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  const query = useScripts({ confirmed: true, page, pageSize: PAGE_SIZE });
  return (
    <ResponsiveList<ScriptListItem>
      query={query}
      rowKey={(item) => item.id}
      cardsAs="ul"
      cardsClassName="history-list"
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={setPage}
      pagerClassName="history-list__pager"
      empty={
        <HistoryEmpty text="还没有确认过的脚本。在脚本创作里生成、修改后点「确认脚本」，它就会出现在这里" />
      }
      renderCard={(item) => (
        <li key={item.id} className="history-list__item" data-testid="history-script">
          <div className="history-list__main">
            <Link to={openPath(item.generationId, item.id)} className="history-list__title">
              {item.title}
            </Link>
            <div className="history-list__sub">选题：{item.input.topic}</div>
            <Space size={8} wrap className="history-list__meta">
              <InputTags input={item.input} />
              <span>
                {item.scenes.length} 个镜头 · {totalSeconds(item.scenes)} 秒
              </span>
              <span>确认于 {formatDateTime(item.confirmedAt ?? item.updatedAt)}</span>
            </Space>
          </div>
          <Space wrap className="history-list__actions">
            <Button
              size="small"
              type="primary"
              ghost
              icon={<EditOutlined />}
              onClick={() => navigate(openPath(item.generationId, item.id))}
            >
              打开
            </Button>
            <DownloadButtons scriptId={item.id} compact />
            <Button
              size="small"
              icon={<RedoOutlined />}
              onClick={() => navigate(againPath(item.generationId))}
            >
              再生成
            </Button>
          </Space>
        </li>
      )}
    />
  );
}

const statusTag: Record<GenerationListItem['status'], { color: string; text: string }> = {
  generating: { color: 'processing', text: '生成中' },
  done: { color: 'success', text: '已完成' },
  failed: { color: 'error', text: '失败' },
};

/** Every generation I started, newest first, with the scripts it produced. */
export function GenerationList() {
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  const query = useGenerations({ page, pageSize: PAGE_SIZE });
  return (
    <ResponsiveList<GenerationListItem>
      query={query}
      rowKey={(item) => item.id}
      cardsAs="ul"
      cardsClassName="history-list"
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={setPage}
      pagerClassName="history-list__pager"
      empty={<HistoryEmpty text="还没有创作记录，去脚本创作生成第一条脚本吧" />}
      renderCard={(item) => (
        <li key={item.id} className="history-list__item" data-testid="history-generation">
          <div className="history-list__main">
            <Link to={openPath(item.id)} className="history-list__title">
              {item.input.topic}
            </Link>
            <Space size={8} wrap className="history-list__meta">
              <Tag color={statusTag[item.status].color}>{statusTag[item.status].text}</Tag>
              <InputTags input={item.input} />
              <span>
                {item.input.variants} 个版本 · {item.input.durationSec} 秒
              </span>
              <span>{formatDateTime(item.createdAt)}</span>
            </Space>
            {item.scripts.length > 0 && (
              <ul className="history-list__scripts">
                {item.scripts.map((s) => (
                  <li key={s.id}>
                    <Link to={openPath(item.id, s.id)}>{s.title}</Link>
                    {s.confirmed && (
                      <Tag color="success" bordered={false} style={{ marginInlineStart: 6 }}>
                        已确认
                      </Tag>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {item.error && <div className="history-list__error">{item.error}</div>}
          </div>
          <Space wrap className="history-list__actions">
            <Button
              size="small"
              type="primary"
              ghost
              icon={<EditOutlined />}
              onClick={() => navigate(openPath(item.id))}
            >
              打开
            </Button>
            <Button size="small" icon={<RedoOutlined />} onClick={() => navigate(againPath(item.id))}>
              再生成
            </Button>
          </Space>
        </li>
      )}
    />
  );
}

function HistoryEmpty({ text }: { text: string }) {
  const navigate = useNavigate();
  return (
    <div className="history-empty">
      <p>{text}</p>
      <Button type="primary" onClick={() => navigate(paths.script)}>
        去脚本创作
      </Button>
    </div>
  );
}
