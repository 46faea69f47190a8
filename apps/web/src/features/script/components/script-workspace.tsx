import { CheckOutlined, FireOutlined } from '@ant-design/icons';
import type { GenerationInput } from '@app/contract';
import { type Platform, platformNames } from '@app/contract/generation';
import { Button, Card, Empty, Form, Popover, Space, Tag } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  InsufficientCreditsNotice,
  isInsufficientCreditsError,
} from '@/components/insufficient-credits-notice';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useGenerateScript } from '../api/generate-script';
import { usePersonaOptions } from '../api/get-personas';
import { useTemplates } from '../api/get-templates';
import { useScriptWorkspace } from '../hooks/use-script-workspace';
import { useWorkspaceRequests, type WorkspaceRequest } from '../hooks/use-workspace-requests';
import { DownloadButtons } from './download-buttons';
import { defaultFormValues, GenerateForm, type GenerateFormValues } from './generate-form';
import { ImprovePanel } from './improve-panel';
import { ScriptEditor } from './script-editor';
import { twistLabels } from './twist-picker';
import { VariantBoard } from './variant-board';
import './script-workspace.css';

export interface TopicPickerSlotProps {
  onPick: (topic: { id: string; title: string }) => void;
  platform?: Platform;
  selectedId?: string;
}

/** The form's values as the API takes them: empty optional fields left out. */
function toInput(values: GenerateFormValues): GenerationInput {
  const { personaId, topicId, extra, ...rest } = values;
  return {
    ...rest,
    topic: rest.topic.trim(),
    ...(personaId ? { personaId } : {}),
    ...(topicId ? { topicId } : {}),
    ...(extra?.trim() ? { extra: extra.trim() } : {}),
  };
}

/**
 * /dashboard/script: set up → generate 1–3 variants side by side → edit one scene by scene →
 * confirm → download. Kept alive by the dashboard layout, so all of it survives navigation.
 */
export function ScriptWorkspace({
  title,
  renderTopicPicker,
}: {
  title: string;
  /** Hot topics and favourites, from the topics feature (composed by the route). */
  renderTopicPicker?: (props: TopicPickerSlotProps) => ReactNode;
}) {
  const [form] = Form.useForm<GenerateFormValues>();
  const [, setSearchParams] = useSearchParams();
  const ws = useScriptWorkspace();
  const generate = useGenerateScript();
  const templates = useTemplates();
  const personas = usePersonaOptions();
  const [creditsMessage, setCreditsMessage] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const platform = Form.useWatch('platform', form);
  const topicId = Form.useWatch('topicId', form);

  // The default persona is preselected until the user chooses (or clears) one.
  const defaultPersonaId = personas.data?.items.find((p) => p.isDefault)?.id;
  useEffect(() => {
    if (
      defaultPersonaId &&
      !form.isFieldTouched('personaId') &&
      form.getFieldValue('personaId') === undefined
    ) {
      form.setFieldValue('personaId', defaultPersonaId);
    }
  }, [defaultPersonaId, form]);

  const fill = (input: GenerationInput) => form.setFieldsValue({ ...defaultFormValues, ...input });

  useWorkspaceRequests((requests: WorkspaceRequest[]) => {
    for (const request of requests) {
      if (request.kind === 'topic') form.setFieldsValue({ topic: request.topic, topicId: request.topicId });
      if (request.kind === 'open' && request.generationId !== ws.generationId) {
        ws.open(request.generationId, request.scriptId)
          .then((g) => fill(g.input))
          .catch(() => {});
      }
      if (request.kind === 'open' && request.generationId === ws.generationId && request.scriptId) {
        const variant = ws.view?.variants.findIndex((v) => v.script?.id === request.scriptId) ?? -1;
        if (variant >= 0) ws.select(variant);
      }
      if (request.kind === 'again') {
        ws.load(request.generationId)
          .then((g) => {
            fill(g.input);
            window.scrollTo({ top: 0, behavior: 'smooth' });
            toast.info('已填入那次的设置，可以调整后点「生成脚本」');
          })
          .catch(() => {});
      }
    }
  });

  const submit = (values: GenerateFormValues) => {
    const input = toInput(values);
    setCreditsMessage(null);
    generate.mutate(input, {
      onSuccess: ({ id }) => {
        ws.show(id, input);
        // The URL names the generation: a reload (or a shared tab) opens it again.
        setSearchParams({ open: id }, { replace: true });
      },
      onError: (error) => {
        if (isInsufficientCreditsError(error)) setCreditsMessage(errorMessage(error));
        else toast.error(errorMessage(error));
      },
    });
  };

  const template = templates.data?.find((t) => t.id === ws.input?.templateId);
  const summary = ws.input && (
    <Space wrap size={4} className="workspace__summary">
      <Tag>{template?.name ?? ws.input.templateId}</Tag>
      <Tag>{twistLabels[ws.input.twist]}</Tag>
      <Tag>{platformNames[ws.input.platform]}</Tag>
      <Tag>{ws.input.durationSec} 秒</Tag>
    </Space>
  );

  return (
    <div className="workspace">
      <PageHeader title={title} subtitle="选题 → 模板与反转 → 多版本并排生成 → 逐镜修改 → 确认下载" />
      <Card className="workspace__card" title="创作设置">
        <GenerateForm
          form={form}
          busy={generate.isPending}
          onSubmit={submit}
          topicTools={
            renderTopicPicker && (
              <Popover
                trigger="click"
                placement="bottomLeft"
                open={pickerOpen}
                onOpenChange={setPickerOpen}
                title="从热点或收藏中选题"
                content={
                  <div className="workspace__picker">
                    {renderTopicPicker({
                      platform,
                      selectedId: topicId,
                      onPick: (topic) => {
                        form.setFieldsValue({ topic: topic.title, topicId: topic.id });
                        form.validateFields(['topic']).catch(() => {});
                        setPickerOpen(false);
                      },
                    })}
                  </div>
                }
              >
                <Button icon={<FireOutlined />}>热点 / 收藏选题</Button>
              </Popover>
            )
          }
        />
        {creditsMessage && <InsufficientCreditsNotice message={creditsMessage} style={{ marginTop: 16 }} />}
      </Card>

      <Card
        className="workspace__card"
        title={`生成结果${ws.input ? `：${ws.input.topic}` : ''}`}
        extra={summary}
      >
        {ws.view ? (
          <VariantBoard view={ws.view} selected={ws.selected} onSelect={ws.select} />
        ) : (
          <Empty description="填好上面的设置，点「生成脚本」，各个版本会在这里并排写出来" />
        )}
      </Card>

      {ws.script && ws.draft && ws.input && (
        <div className="workspace__edit">
          <Card
            className="workspace__card"
            title={`编辑版本 ${ws.script.variantIndex + 1}`}
            extra={
              ws.dirty ? (
                <Tag color="warning">有未确认的修改</Tag>
              ) : ws.script.confirmed ? (
                <Tag color="success">已确认</Tag>
              ) : (
                <Tag>未确认</Tag>
              )
            }
          >
            <ScriptEditor
              script={ws.script}
              draft={ws.draft}
              targetSec={ws.input.durationSec}
              problems={ws.problems}
              onChange={ws.edit}
            />
            <div className="workspace__actions">
              <Button
                type="primary"
                icon={<CheckOutlined />}
                loading={ws.confirming}
                disabled={ws.script.confirmed && !ws.dirty}
                onClick={() => void ws.confirmScript()}
              >
                {ws.script.confirmed && !ws.dirty ? '已确认' : ws.script.confirmed ? '确认修改' : '确认脚本'}
              </Button>
              {ws.dirty && <Button onClick={ws.discard}>撤销修改</Button>}
              <DownloadButtons scriptId={ws.script.id} dirty={ws.dirty} onConfirmFirst={ws.confirmScript} />
            </div>
          </Card>
          <Card className="workspace__card workspace__improve" title="优化建议">
            <ImprovePanel scriptId={ws.script.id} />
          </Card>
        </div>
      )}
    </div>
  );
}
