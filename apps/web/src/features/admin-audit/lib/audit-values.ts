import {
  type AuditEntry,
  type AuditTargetType,
  internalStatusNames,
  orderStatusNames,
  refundStatusNames,
  withdrawStatusNames,
} from '@app/contract';
import { formatDateTime, formatYuan } from '@/lib/format';

/** One changed (or recorded) value of an entry, as an admin reads it. */
export interface AuditChange {
  key: string;
  label: string;
  /** Shown as "before → after" when both are set and differ, else the one that is set. */
  before?: string;
  after?: string;
}

type Format = (value: unknown, entry: AuditEntry) => string;

const statusNamesByTarget: Record<AuditTargetType, Record<string, string>> = {
  withdrawal: withdrawStatusNames,
  // The only status recorded on a user is their internal-member application's.
  user: internalStatusNames,
  order: orderStatusNames,
  commission: { pending: '待结算', available: '已结算', cancelled: '已取消' },
};

const yuan: Format = (v) => (typeof v === 'number' ? formatYuan(v) : plain(v));
const count =
  (unit: string): Format =>
  (v) =>
    typeof v === 'number' ? `${v} ${unit}` : plain(v);
const named =
  (names: Record<string, string>): Format =>
  (v) =>
    typeof v === 'string' ? (names[v] ?? v) : plain(v);

/** The keys the server records, in the order they are best read; anything else is shown as it is. */
const known: Record<string, { label: string | ((e: AuditEntry) => string); format: Format }> = {
  status: {
    label: (e) => (e.targetType === 'user' ? '内部成员' : '状态'),
    format: (v, e) => named(statusNamesByTarget[e.targetType])(v, e),
  },
  refundStatus: { label: '退款状态', format: named(refundStatusNames) },
  amountCents: { label: (e) => (e.action === 'order.refund' ? '退款金额' : '金额'), format: yuan },
  count: { label: '笔数', format: count('笔') },
  distributors: { label: '涉及分销员', format: count('人') },
  credits: { label: '扣回点数', format: count('点') },
  refundedCents: { label: '已退金额', format: yuan },
  refundedCredits: { label: '已扣回点数', format: count('点') },
  buyerBalance: { label: '买家点数余额', format: count('点') },
  outRefundNo: { label: '退款单号', format: (v) => plain(v) },
  payoutRef: { label: '打款流水号', format: (v) => plain(v) },
  reason: { label: '驳回原因', format: (v) => plain(v) },
  role: { label: '角色', format: named({ admin: '管理员', user: '普通用户' }) },
  disabledAt: {
    label: '账号状态',
    format: (v) => (typeof v === 'string' ? `已停用（${formatDateTime(v)}）` : '正常'),
  },
  sessionsEnded: { label: '强制下线', format: count('台设备') },
};
const order = Object.keys(known);

function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * An entry's before/after as labelled values: changed ones first ("审核中 → 已打款"), then what
 * was only recorded after, then what was only recorded before (marked 操作前).
 */
export function auditChanges(entry: AuditEntry): AuditChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const rank = (key: string) => {
    const inBoth = key in before && key in after;
    const changed = inBoth && JSON.stringify(before[key]) !== JSON.stringify(after[key]);
    const group = changed ? 0 : key in after ? 1 : 2;
    const known = order.indexOf(key);
    return group * 1000 + (known === -1 ? 999 : known);
  };
  return keys
    .sort((a, b) => rank(a) - rank(b))
    .map((key) => {
      const spec = known[key];
      const label = spec ? (typeof spec.label === 'string' ? spec.label : spec.label(entry)) : key;
      const format = (v: unknown) => (spec ? spec.format(v, entry) : plain(v));
      const change: AuditChange = { key, label };
      if (key in before) change.before = format(before[key]);
      if (key in after) change.after = format(after[key]);
      // Unchanged: one value is enough.
      if (change.before !== undefined && change.before === change.after) delete change.before;
      return change;
    });
}

/** What the action was on, in words: 订单 JB2026…, 截至 11-23 14:00 到期的佣金… */
export function auditTargetText(entry: AuditEntry): string {
  if (entry.targetType === 'commission') {
    const at = Date.parse(entry.targetId);
    return Number.isNaN(at) ? `佣金 ${entry.targetId}` : `截至 ${formatDateTime(entry.targetId)} 到期的佣金`;
  }
  return entry.targetId;
}
