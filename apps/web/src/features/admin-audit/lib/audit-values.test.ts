import type { AuditEntry } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { auditChanges, auditTargetText } from './audit-values';

const entry = (e: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  actorId: 'a',
  actorNickname: '管理员',
  action: 'withdrawal.decide',
  targetType: 'withdrawal',
  targetId: 'w1',
  targetLabel: null,
  before: null,
  after: null,
  note: null,
  createdAt: '2026-11-23T06:00:00.000Z',
  ...e,
});

describe('auditChanges', () => {
  it('reads a withdrawal decision: the status change first, then the amount and the payout reference', () => {
    const changes = auditChanges(
      entry({
        before: { status: 'pending', amountCents: 2000 },
        after: { status: 'approved', amountCents: 2000, payoutRef: 'WX001' },
      }),
    );
    expect(changes).toEqual([
      { key: 'status', label: '状态', before: '审核中', after: '已打款' },
      { key: 'amountCents', label: '金额', after: '¥20.00' },
      { key: 'payoutRef', label: '打款流水号', after: 'WX001' },
    ]);
  });

  it('names statuses by what the action was on', () => {
    const internal = auditChanges(
      entry({
        action: 'internal.decide',
        targetType: 'user',
        before: { status: 'approved' },
        after: { status: 'rejected' },
      }),
    );
    expect(internal).toEqual([{ key: 'status', label: '内部成员', before: '已通过', after: '已拒绝' }]);
    const settle = auditChanges(
      entry({
        action: 'commission.settle',
        targetType: 'commission',
        before: { status: 'pending', count: 2, amountCents: 2178 },
        after: { status: 'available', count: 2, amountCents: 2178, distributors: 2 },
      }),
    );
    expect(settle.map((c) => [c.label, c.before, c.after])).toEqual([
      ['状态', '待结算', '已结算'],
      ['金额', undefined, '¥21.78'],
      ['笔数', undefined, '2 笔'],
      ['涉及分销员', undefined, '2 人'],
    ]);
  });

  it('keeps values recorded only before, and shows unknown keys as they are', () => {
    const changes = auditChanges(
      entry({
        action: 'order.refund',
        targetType: 'order',
        before: { status: 'paid', buyerBalance: 10 },
        after: { refundStatus: 'processing', amountCents: 990, buyerBalance: 0, extra: { a: 1 } },
      }),
    );
    expect(changes).toEqual([
      { key: 'buyerBalance', label: '买家点数余额', before: '10 点', after: '0 点' },
      { key: 'refundStatus', label: '退款状态', after: '退款中' },
      { key: 'amountCents', label: '退款金额', after: '¥9.90' },
      { key: 'extra', label: 'extra', after: '{"a":1}' },
      { key: 'status', label: '状态', before: '已支付' },
    ]);
  });
});

describe('auditTargetText', () => {
  it('names a settlement by its cut-off and anything else by its id', () => {
    expect(
      auditTargetText(entry({ targetType: 'commission', targetId: '2026-11-23T06:00:00.000Z' })),
    ).toMatch(/^截至 2026-11-23 \d{2}:00 到期的佣金$/);
    expect(auditTargetText(entry({ targetType: 'order', targetId: 'JB123' }))).toBe('JB123');
  });
});
