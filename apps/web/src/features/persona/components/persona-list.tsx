import type { Persona } from '@app/contract';
import { App, Button, Empty, Modal, Pagination } from 'antd';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { toast } from '@/lib/toast';
import { useDeletePersona } from '../api/delete-persona';
import { usePersonas } from '../api/get-personas';
import { useUpdatePersona } from '../api/update-persona';
import { PersonaCard } from './persona-card';
import { PersonaListItem } from './persona-list-item';
import { RenamePersonaModal } from './rename-persona-modal';
import './persona-list.css';

const PAGE_SIZE = 12;

/** "My personas": view, set default, rename, delete (after confirming). */
export function PersonaList({ onCreate }: { onCreate: () => void }) {
  const [page, setPage] = useState(1);
  const query = usePersonas({ page, pageSize: PAGE_SIZE });
  const update = useUpdatePersona();
  const remove = useDeletePersona();
  const { modal } = App.useApp();
  const [viewing, setViewing] = useState<Persona | null>(null);
  const [renaming, setRenaming] = useState<Persona | null>(null);

  const makeDefault = (persona: Persona) =>
    update.mutate(
      { id: persona.id, patch: { isDefault: true } },
      { onSuccess: () => toast.success(`「${persona.name}」已设为默认人设`) },
    );

  const confirmDelete = (persona: Persona) =>
    modal.confirm({
      title: '删除人设',
      content: persona.isDefault
        ? `确定删除默认人设「${persona.name}」吗？删除后不可恢复，最新的另一个人设会成为默认人设。`
        : `确定删除人设「${persona.name}」吗？删除后不可恢复。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        remove.mutateAsync(persona.id).then(() => {
          toast.success('已删除');
          // The last one on a page is gone: step back rather than show an empty page.
          if (query.data && query.data.items.length === 1 && page > 1) setPage(page - 1);
        }),
    });

  return (
    <>
      <QueryState
        query={query}
        isEmpty={(data) => data.total === 0}
        empty={
          <Empty description="还没有人设，先去分析一下你的账号吧" style={{ padding: '64px 0' }}>
            <Button type="primary" onClick={onCreate}>
              去分析账号
            </Button>
          </Empty>
        }
      >
        {(data) => (
          <>
            <div className="persona-list">
              {data.items.map((persona) => (
                <PersonaListItem
                  key={persona.id}
                  persona={persona}
                  actions={{
                    onView: setViewing,
                    onMakeDefault: makeDefault,
                    onRename: setRenaming,
                    onDelete: confirmDelete,
                    pendingDefaultId: update.isPending ? update.variables?.id : undefined,
                  }}
                />
              ))}
            </div>
            {data.total > PAGE_SIZE && (
              <Pagination
                className="persona-list__pagination"
                current={page}
                pageSize={PAGE_SIZE}
                total={data.total}
                onChange={setPage}
                showSizeChanger={false}
              />
            )}
          </>
        )}
      </QueryState>
      <Modal
        open={viewing !== null}
        onCancel={() => setViewing(null)}
        footer={null}
        width={880}
        title="人设详情"
        destroyOnHidden
      >
        {viewing && <PersonaCard persona={viewing} />}
      </Modal>
      <RenamePersonaModal persona={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}
