import {
  type PersonaAnalyzeInput,
  type Platform,
  personaAnalyzeInputSchema,
  platformNames,
} from '@app/contract/generation';
import { AutoComplete, Button, Form, Input, InputNumber, Radio } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { toast } from '@/lib/toast';

const NICHES = [
  '美食',
  '职场',
  '数码',
  '美妆',
  '育儿',
  '健身',
  '旅行',
  '学习',
  '理财',
  '家居',
  '情感',
  '萌宠',
];
const GOALS = [
  '三个月涨粉一万',
  '打造个人 IP，接品牌合作',
  '给门店引流到店',
  '卖自己的课程或咨询',
  '做好物带货',
];
const PLATFORMS = Object.keys(platformNames) as Platform[];

interface FormValues {
  platform: Platform;
  accountName: string;
  niche: string;
  followers?: number | null;
  bio?: string;
  /** One title per line. */
  recentTitles?: string;
  goal: string;
}

type FieldName = keyof FormValues;

const splitLines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The form's values as the contract's input: titles split into lines, blanks left out. */
function toInput(values: FormValues): unknown {
  return {
    platform: values.platform,
    accountName: values.accountName ?? '',
    niche: values.niche ?? '',
    followers: values.followers ?? undefined,
    bio: values.bio?.trim() ? values.bio : undefined,
    recentTitles: splitLines(values.recentTitles),
    goal: values.goal ?? '',
  };
}

const fields = personaAnalyzeInputSchema.shape;

/**
 * A field checked by the contract's own schema for it, so the user sees the server's Chinese
 * message as they type, and it clears as soon as the value is right.
 */
function contractRule(field: FieldName): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const input =
        field === 'recentTitles'
          ? splitLines(value as string | undefined)
          : field === 'followers'
            ? (value ?? undefined)
            : field === 'bio'
              ? (value as string | undefined)?.trim() || undefined
              : (value ?? '');
      const result = fields[field].safeParse(input);
      if (result.success) return;
      const issue = result.error.issues[0]!;
      const index = issue.path[0];
      throw new Error(typeof index === 'number' ? `第 ${index + 1} 条：${issue.message}` : issue.message);
    },
  };
}

/**
 * The account-analysis form. It checks with the same contract schema the server uses, so a user
 * sees the server's own Chinese messages under the fields before anything is sent.
 */
export function PersonaAnalyzeForm({
  busy,
  onSubmit,
  footer,
}: {
  busy: boolean;
  onSubmit: (input: PersonaAnalyzeInput) => void;
  /** Shown under the button: the cost, or why it cannot run. */
  footer?: ReactNode;
}) {
  const [form] = Form.useForm<FormValues>();

  const submit = (values: FormValues) => {
    // The rules already passed field by field; this gives the typed, trimmed input.
    const parsed = personaAnalyzeInputSchema.safeParse(toInput(values));
    if (parsed.success) onSubmit(parsed.data);
    else toast.error(parsed.error.issues[0]?.message ?? '请检查填写的内容');
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={{ platform: 'douyin' }}
      onFinish={submit}
      disabled={busy}
      aria-label="账号分析"
    >
      <Form.Item label="发布平台" name="platform" required>
        <Radio.Group optionType="button" buttonStyle="solid">
          {PLATFORMS.map((p) => (
            <Radio.Button key={p} value={p}>
              {platformNames[p]}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item label="账号名称" name="accountName" rules={[contractRule('accountName')]} required>
        <Input placeholder="例如：小厨阿满" maxLength={30} showCount />
      </Form.Item>
      <Form.Item label="账号领域" name="niche" rules={[contractRule('niche')]} required>
        <AutoComplete
          options={NICHES.map((n) => ({ value: n }))}
          placeholder="例如：美食、职场、数码"
          filterOption={(input, option) => String(option?.value ?? '').includes(input)}
          maxLength={30}
        />
      </Form.Item>
      <Form.Item
        label="粉丝数"
        name="followers"
        rules={[contractRule('followers')]}
        extra="选填，大概的数字即可"
      >
        <InputNumber<number> min={0} precision={0} placeholder="例如：12800" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="账号简介" name="bio" rules={[contractRule('bio')]}>
        <Input.TextArea
          placeholder="选填：主页上的简介"
          autoSize={{ minRows: 2, maxRows: 4 }}
          maxLength={200}
          showCount
        />
      </Form.Item>
      <Form.Item
        label="近期作品标题"
        name="recentTitles"
        rules={[contractRule('recentTitles')]}
        extra="选填，每行一条，最多 10 条；越具体分析越准"
      >
        <Input.TextArea
          placeholder={'打工人 10 元早餐\n一口锅搞定三菜一汤'}
          autoSize={{ minRows: 3, maxRows: 8 }}
        />
      </Form.Item>
      <Form.Item label="账号目标" name="goal" rules={[contractRule('goal')]} required>
        <AutoComplete
          options={GOALS.map((g) => ({ value: g }))}
          placeholder="例如：三个月涨粉一万"
          maxLength={100}
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 8 }}>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          {busy ? '正在分析…' : '开始分析'}
        </Button>
      </Form.Item>
      {footer}
    </Form>
  );
}
