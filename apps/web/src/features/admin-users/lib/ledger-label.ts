import type { LedgerEntry } from '@app/contract';

/** What a credit movement was, in the user's words (a refund's sign says which kind it was). */
export function ledgerLabel(entry: Pick<LedgerEntry, 'reason' | 'delta'>): string {
  switch (entry.reason) {
    case 'signup_bonus':
      return '新用户赠送';
    case 'purchase':
      return entry.delta >= 0 ? '购买点数' : '购买撤销';
    case 'generation':
      return '创作消耗';
    case 'refund':
      return entry.delta >= 0 ? '生成失败退还' : '订单退款扣回';
    case 'grant':
      return '系统赠送';
  }
}
