import type { Persona } from '@app/contract';
import { Alert, Button, Card, Empty } from 'antd';
import { useNavigate } from 'react-router';
import { InsufficientCreditsNotice } from '@/components/insufficient-credits-notice';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { useUpdatePersona } from '../api/update-persona';
import type { AnalysisState } from '../hooks/use-persona-analysis';
import { PersonaCard } from './persona-card';
import { PersonaStreamView } from './persona-stream-view';

/** The right-hand side of the account screen: nothing yet, the live text, the persona, or why not. */
export function PersonaAnalysisResult({
  state,
  onRetry,
  onPersonaChange,
}: {
  state: AnalysisState;
  onRetry: () => void;
  onPersonaChange: (persona: Persona) => void;
}) {
  const update = useUpdatePersona();
  const navigate = useNavigate();

  if (state.status === 'idle') {
    return (
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <span>
              填写账号信息并点击「开始分析」，
              <br />
              AI 会生成你的账号人设：定位、受众、标签、语气、内容支柱、爆款标题公式、变现路径和五维评分。
            </span>
          }
          style={{ padding: '48px 0' }}
        />
      </Card>
    );
  }
  if (state.status === 'streaming') return <PersonaStreamView text={state.text} />;
  if (state.status === 'error') {
    if (state.insufficientCredits) return <InsufficientCreditsNotice message={state.message} />;
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title="分析没有完成"
        description={state.message}
        action={
          <Button size="small" onClick={onRetry}>
            重新分析
          </Button>
        }
      />
    );
  }

  const { persona } = state;
  const makeDefault = () =>
    update.mutate(
      { id: persona.id, patch: { isDefault: true } },
      {
        onSuccess: (updated) => {
          onPersonaChange(updated);
          toast.success('已设为默认人设，写脚本时会自动带上它');
        },
      },
    );

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Alert type="success" showIcon title="人设已生成，并保存到「我的人设」" />
      <PersonaCard
        persona={persona}
        actions={
          <>
            {!persona.isDefault && (
              <Button type="primary" loading={update.isPending} onClick={makeDefault}>
                设为默认人设
              </Button>
            )}
            <Button onClick={() => navigate(paths.charactor)}>查看我的人设</Button>
          </>
        }
      />
    </div>
  );
}
