import { InsufficientCreditsNotice } from '@/components/insufficient-credits-notice';
import { useScriptLimit } from '../api/check-limit';

/** What this generation costs and what is left, checked before generating (the server decides). */
export function CostHint({ variants }: { variants: number }) {
  const limit = useScriptLimit(variants);
  if (limit.isPending) return <span className="script-form__cost">正在计算消耗…</span>;
  if (limit.isError) return <span className="script-form__cost">暂时无法查询点数余额</span>;
  const { cost, balance, allowed, reason } = limit.data;
  if (!allowed) return <InsufficientCreditsNotice message={reason} style={{ marginTop: 8 }} />;
  return (
    <span className="script-form__cost" data-testid="script-cost">
      {cost === 0 ? '本次生成免费' : `本次消耗 ${cost} 点`}，当前余额 {balance} 点
    </span>
  );
}
