import type { PersonaAnalyzeInput } from '@app/contract/generation';
import { Card } from 'antd';
import { useEffect, useRef } from 'react';
import { PageHeader } from '@/components/page-header';
import { dashboardScreens } from '@/config/dashboard-screens';
import { PersonaAnalysisResult } from '@/features/persona/components/persona-analysis-result';
import { PersonaAnalyzeForm } from '@/features/persona/components/persona-analyze-form';
import { PersonaCostHint } from '@/features/persona/components/persona-cost-hint';
import { usePersonaAnalysis } from '@/features/persona/hooks/use-persona-analysis';
import './account.css';

/** 账号分析: the form on the left, the persona as it streams in on the right (stacked on phones). */
export function Component() {
  const { state, start, replacePersona } = usePersonaAnalysis();
  const lastInput = useRef<PersonaAnalyzeInput | null>(null);
  const result = useRef<HTMLDivElement>(null);
  // On a phone the result is under the form: bring it into view when the analysis starts.
  useEffect(() => {
    if (state.status === 'streaming')
      result.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [state.status]);
  const run = (input: PersonaAnalyzeInput) => {
    lastInput.current = input;
    void start(input);
  };
  return (
    <>
      <PageHeader
        title={dashboardScreens.account.title}
        subtitle="填写账号信息，AI 帮你梳理定位、受众和内容方向，生成一份可直接使用的爆款人设"
      />
      <div className="account-screen">
        <Card className="account-screen__form" title="账号信息">
          <PersonaAnalyzeForm
            busy={state.status === 'streaming'}
            onSubmit={run}
            footer={
              // The refusal is already shown beside the form; once is enough.
              state.status === 'error' && state.insufficientCredits ? null : <PersonaCostHint />
            }
          />
        </Card>
        <div className="account-screen__result" ref={result}>
          <PersonaAnalysisResult
            state={state}
            onRetry={() => lastInput.current && run(lastInput.current)}
            onPersonaChange={replacePersona}
          />
        </div>
      </div>
    </>
  );
}
