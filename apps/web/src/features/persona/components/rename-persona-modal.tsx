import type { Persona } from '@app/contract';
import { personaUpdateSchema } from '@app/contract';
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { useUpdatePersona } from '../api/update-persona';

/** Renames a persona; the same rules as the server (1–40 characters, trimmed). */
export function RenamePersonaModal({ persona, onClose }: { persona: Persona | null; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string }>();
  const update = useUpdatePersona();

  useEffect(() => {
    if (persona) form.setFieldsValue({ name: persona.name });
  }, [persona, form]);

  const submit = async () => {
    if (!persona) return;
    const { name } = await form.validateFields();
    const parsed = personaUpdateSchema.safeParse({ name });
    if (!parsed.success) {
      form.setFields([{ name: 'name', errors: parsed.error.issues.map((i) => i.message) }]);
      return;
    }
    update.mutate(
      { id: persona.id, patch: parsed.data },
      {
        onSuccess: () => {
          toast.success('已重命名');
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      title="重命名人设"
      open={persona !== null}
      onOk={submit}
      onCancel={onClose}
      okText="保存"
      cancelText="取消"
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label="人设名称"
          rules={[{ required: true, whitespace: true, message: '请填写人设名称' }]}
        >
          <Input maxLength={40} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
