import { DownloadOutlined } from '@ant-design/icons';
import type { ScriptDownloadFormat } from '@app/contract';
import { Button, Dropdown, Modal } from 'antd';
import { useDownloadScript } from '../api/download-script';

const FORMATS: Array<{ format: ScriptDownloadFormat; label: string }> = [
  { format: 'docx', label: 'Word 文档（.docx）' },
  { format: 'md', label: 'Markdown（.md）' },
  { format: 'txt', label: '纯文本（.txt）' },
];

/**
 * Downloads the stored script. With unconfirmed edits the file would not have them, so the user
 * chooses: confirm first, or take the saved version.
 */
export function DownloadButtons({
  scriptId,
  dirty,
  onConfirmFirst,
  compact,
}: {
  scriptId: string;
  dirty?: boolean;
  /** Confirms the edits; resolves true when they were saved. */
  onConfirmFirst?: () => Promise<boolean>;
  compact?: boolean;
}) {
  const download = useDownloadScript();
  // The hook form of the dialog, so it gets the app's theme and locale.
  const [modal, modalHolder] = Modal.useModal();
  const run = (format: ScriptDownloadFormat) => {
    if (!dirty || !onConfirmFirst) return download.mutate({ scriptId, format });
    // Only the two buttons close it (no Esc, no mask), so cancelling always means "the saved one".
    modal.confirm({
      title: '修改还没有确认',
      content: '下载的文件是上次保存的版本。要先确认这些修改再下载吗？',
      okText: '确认修改后下载',
      cancelText: '下载已保存的版本',
      keyboard: false,
      maskClosable: false,
      onOk: async () => {
        if (await onConfirmFirst()) download.mutate({ scriptId, format });
      },
      onCancel: () => download.mutate({ scriptId, format }),
    });
  };

  if (compact) {
    return (
      <>
        {modalHolder}
        <Dropdown
          trigger={['click']}
          menu={{
            items: FORMATS.map((f) => ({ key: f.format, label: f.label })),
            onClick: ({ key }) => run(key as ScriptDownloadFormat),
          }}
        >
          <Button size="small" icon={<DownloadOutlined />} loading={download.isPending}>
            下载
          </Button>
        </Dropdown>
      </>
    );
  }
  return (
    <>
      {modalHolder}
      {FORMATS.map(({ format, label }) => (
        <Button
          key={format}
          icon={<DownloadOutlined />}
          loading={download.isPending && download.variables?.format === format}
          onClick={() => run(format)}
        >
          {label}
        </Button>
      ))}
    </>
  );
}
