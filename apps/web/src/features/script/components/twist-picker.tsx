import type { Twist } from '@app/contract/generation';
import { Segmented } from 'antd';

export const twistLabels: Record<Twist, string> = { none: '无反转', light: '轻反转', strong: '强反转' };

const hints: Record<Twist, string> = {
  none: '按模板的节奏平铺直叙，适合干货和种草。',
  light: '前段埋一个伏笔，约 3/4 处反转一次，结尾回扣伏笔。',
  strong: '先把观众引向错误判断，约 55% 与 87% 处两次反转，真相最后揭晓。',
};

/** Twist strength with what it does to the structure; a form control (value / onChange). */
export function TwistPicker({ value = 'none', onChange }: { value?: Twist; onChange?: (t: Twist) => void }) {
  return (
    <div>
      <Segmented<Twist>
        value={value}
        onChange={onChange}
        options={(Object.keys(twistLabels) as Twist[]).map((t) => ({ value: t, label: twistLabels[t] }))}
      />
      <div className="script-form__hint">{hints[value]}</div>
    </div>
  );
}
