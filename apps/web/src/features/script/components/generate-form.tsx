import { ThunderboltOutlined } from '@ant-design/icons';
import type { GenerationInput } from '@app/contract';
import { generationInputSchema } from '@app/contract';
import { type Platform, platformNames } from '@app/contract/generation';
import { Button, Form, type FormInstance, Input, Radio, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { usePersonaOptions } from '../api/get-personas';
import { CostHint } from './cost-hint';
import { DurationPicker } from './duration-picker';
import { TemplatePicker } from './template-picker';
import { TopicIdeas } from './topic-ideas';
import { TwistPicker } from './twist-picker';
import './generate-form.css';

export type GenerateFormValues = Omit<GenerationInput, 'personaId'> & { personaId?: string | null };

export const defaultFormValues: Partial<GenerateFormValues> = {
  topic: '',
  templateId: 'koubo',
  twist: 'none',
  platform: 'douyin',
  durationSec: 60,
  variants: 1,
};

/** A field rule from the contract's own schema: the same words as the server's 400. */
const rule = (schema: z.ZodType) => ({
  validator: async (_: unknown, value: unknown) => {
    const result = schema.safeParse(value === '' ? undefined : value);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? '填写有误');
  },
});
const shape = generationInputSchema.shape;

/** The workspace's input: topic, persona, template, twist, platform, length, variants. */
export function GenerateForm({
  form,
  busy,
  onSubmit,
  topicTools,
}: {
  form: FormInstance<GenerateFormValues>;
  busy: boolean;
  onSubmit: (values: GenerateFormValues) => void;
  /** Other ways to pick a topic (hot topics, favourites), composed by the route. */
  topicTools?: ReactNode;
}) {
  const personas = usePersonaOptions();
  const variants = Form.useWatch('variants', form) ?? 1;
  const personaId = Form.useWatch('personaId', form) ?? undefined;
  const topic = Form.useWatch('topic', form);

  return (
    <Form<GenerateFormValues>
      form={form}
      layout="vertical"
      initialValues={defaultFormValues}
      onFinish={onSubmit}
      requiredMark={false}
      className="script-form"
    >
      <Form.Item name="topicId" hidden>
        <Input />
      </Form.Item>
      <Form.Item label="选题" required>
        <div className="script-form__topic">
          <Form.Item name="topic" noStyle rules={[rule(shape.topic)]}>
            <Input
              placeholder="写下这条视频要讲什么，例如：上班族如何三分钟做好早餐"
              maxLength={100}
              showCount
              allowClear
              onChange={() => form.setFieldValue('topicId', undefined)}
            />
          </Form.Item>
          <Space wrap size={8} className="script-form__topic-tools">
            <TopicIdeas
              personaId={personaId}
              topic={topic}
              onPick={(picked) => form.setFieldsValue({ topic: picked, topicId: undefined })}
            />
            {topicTools}
          </Space>
        </div>
      </Form.Item>

      <div className="script-form__row">
        <Form.Item name="personaId" label="人设" className="script-form__cell">
          <Select
            allowClear
            loading={personas.isPending}
            placeholder={personas.data?.total === 0 ? '还没有人设，可在「账号分析」生成' : '不使用人设'}
            options={personas.data?.items.map((p) => ({
              value: p.id,
              label: p.isDefault ? `${p.name}（默认）` : p.name,
            }))}
            notFoundContent="还没有人设，可在「账号分析」生成"
          />
        </Form.Item>
        <Form.Item
          name="platform"
          label="发布平台"
          className="script-form__cell"
          rules={[rule(shape.platform)]}
        >
          <Radio.Group
            optionType="button"
            options={(Object.keys(platformNames) as Platform[]).map((p) => ({
              value: p,
              label: platformNames[p],
            }))}
          />
        </Form.Item>
      </div>

      <Form.Item name="templateId" label="脚本模板" rules={[rule(shape.templateId)]}>
        <TemplatePicker />
      </Form.Item>

      <div className="script-form__row">
        <Form.Item name="twist" label="反转强度" className="script-form__cell">
          <TwistPicker />
        </Form.Item>
        <Form.Item
          name="durationSec"
          label="视频时长"
          className="script-form__cell"
          rules={[rule(shape.durationSec)]}
        >
          <DurationPicker />
        </Form.Item>
      </div>

      <div className="script-form__row">
        <Form.Item name="variants" label="生成版本数" className="script-form__cell">
          <Radio.Group optionType="button" options={[1, 2, 3].map((n) => ({ value: n, label: `${n} 个` }))} />
        </Form.Item>
        <Form.Item
          name="extra"
          label="补充要求（选填）"
          className="script-form__cell"
          rules={[rule(shape.extra)]}
        >
          <Input.TextArea
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={500}
            placeholder="例如：口语化一点，结尾引导到直播间"
          />
        </Form.Item>
      </div>

      <div className="script-form__submit">
        <Button type="primary" size="large" htmlType="submit" icon={<ThunderboltOutlined />} loading={busy}>
          生成脚本
        </Button>
        <CostHint variants={variants} />
      </div>
    </Form>
  );
}
