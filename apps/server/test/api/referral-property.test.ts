import { randomUUID } from 'node:crypto';
import type { AdminWithdrawal, Withdrawal } from '@app/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommissionRepository } from '../../src/modules/referral/commission.repository.ts';
import {
  type CommissionService,
  createCommissionService,
} from '../../src/modules/referral/commission.service.ts';
import { createUserLookupRepository } from '../../src/modules/user/user-lookup.repository.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { type Buckets, bindCustomer, ledgerOf, walletOf } from './referral.fixtures.ts';

const DAY = 86_400_000;
const RATE = 0.2;
const MIN = 1000;

type Command =
  | { kind: 'pay'; customer: number; amountCents: number }
  | { kind: 'refund'; order: number }
  | { kind: 'advance'; hours: number }
  | { kind: 'settle' }
  | { kind: 'withdraw'; distributor: number; amountCents: number }
  | { kind: 'decide'; withdrawal: number; approve: boolean };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      customer: fc.nat(3),
      amountCents: fc.integer({ min: 1, max: 120_000 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), order: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      hours: fc.integer({ min: 1, max: 24 * 10 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('settle' as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      distributor: fc.nat(1),
      amountCents: fc.integer({ min: 500, max: 30_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('decide' as const),
      withdrawal: fc.nat(),
      approve: fc.boolean(),
    }),
  },
);

interface ModelOrder {
  id: string;
  distributor: number;
  commission: number;
  status: 'pending' | 'available' | 'cancelled';
  settleAt: number;
}
interface ModelWithdrawal {
  id: string;
  distributor: number;
  amount: number;
  status: 'pending' | 'approved' | 'rejected';
}

const empty = (): Buckets => ({
  available: 0,
  pending: 0,
  frozen: 0,
  withdrawn: 0,
  totalEarned: 0,
  debt: 0,
});

/** The rule for debt: whatever becomes available repays it first. */
function repay(m: Buckets): number {
  const repaid = Math.min(m.debt, m.available);
  m.available -= repaid;
  m.debt -= repaid;
  return repaid;
}

/**
 * Random sequences of payments, refunds (before and after settlement, before and after the money
 * was withdrawn), clock moves, settlements, withdrawals and decisions, checked after every step
 * against the database's own ledger and against a model of the rules: balances equal their ledger
 * sums, none is negative, each is what the rules say. A refund after settlement claws the
 * commission back out of available; what was already withdrawn or frozen becomes debt, repaid
 * from the next commissions that settle (or a rejected withdrawal).
 */
describe('referral money: property test (fast-check)', () => {
  let t: TestApp;
  let admin: TestUser;
  let clock = Date.now();
  let commissions: CommissionService;

  beforeAll(async () => {
    t = await createTestApp({ SETTLEMENT_SWEEP_SEC: '0' });
    admin = await t.signIn({ admin: true });
    // The same service the container builds, with a clock the test moves.
    commissions = createCommissionService({
      db: t.database.db,
      commissions: createCommissionRepository(),
      wallet: t.app.container.referralWallet,
      referrerOf: createUserLookupRepository().referrerOf,
      rate: RATE,
      settlementDays: 7,
      audit: t.app.container.audit,
      now: () => new Date(clock),
    });
  });
  afterAll(() => t.close());

  it('keeps every balance equal to its ledger, never negative, and as the rules say', async () => {
    let clawedBack = 0;
    let debts = 0;
    let repaidFromCommission = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 30 }), async (commands) => {
        // Fresh people each run: two distributors with two customers each.
        const distributors = [await t.signIn(), await t.signIn()];
        const customers = [
          await bindCustomer(t, distributors[0]!),
          await bindCustomer(t, distributors[0]!),
          await bindCustomer(t, distributors[1]!),
          await bindCustomer(t, distributors[1]!),
        ];
        const model = [empty(), empty()];
        const orders: ModelOrder[] = [];
        const withdrawals: ModelWithdrawal[] = [];

        for (const cmd of commands) {
          switch (cmd.kind) {
            case 'pay': {
              const d = cmd.customer < 2 ? 0 : 1;
              const id = randomUUID();
              await t.database.db.transaction((tx) =>
                commissions.recordCommission(tx, {
                  orderId: id,
                  buyerUserId: customers[cmd.customer]!.id,
                  amountCents: cmd.amountCents,
                }),
              );
              const c = Math.floor((cmd.amountCents * 2) / 10);
              model[d]!.pending += c;
              model[d]!.totalEarned += c;
              orders.push({
                id,
                distributor: d,
                commission: c,
                status: 'pending',
                settleAt: clock + 7 * DAY,
              });
              break;
            }
            case 'refund': {
              if (orders.length === 0) break;
              const o = orders[cmd.order % orders.length]!;
              await t.database.db.transaction((tx) => commissions.cancelCommission(tx, o.id));
              const m = model[o.distributor]!;
              if (o.status === 'pending') {
                m.pending -= o.commission;
                m.totalEarned -= o.commission;
              } else if (o.status === 'available') {
                const fromAvailable = Math.min(m.available, o.commission);
                m.available -= fromAvailable;
                m.debt += o.commission - fromAvailable;
                m.totalEarned -= o.commission;
                clawedBack++;
                if (o.commission > fromAvailable) debts++;
              }
              o.status = 'cancelled';
              break;
            }
            case 'advance':
              clock += cmd.hours * 3_600_000;
              break;
            case 'settle': {
              await commissions.settleDue();
              for (const o of orders) {
                if (o.status === 'pending' && o.settleAt <= clock) {
                  o.status = 'available';
                  model[o.distributor]!.pending -= o.commission;
                  model[o.distributor]!.available += o.commission;
                }
              }
              for (const m of model) if (repay(m) > 0) repaidFromCommission++;
              break;
            }
            case 'withdraw': {
              const m = model[cmd.distributor]!;
              const res = await t.call<Withdrawal>({
                method: 'POST',
                url: '/api/v1/withdraw/add',
                token: distributors[cmd.distributor]!.token,
                payload: { amountCents: cmd.amountCents, realName: '属性测试' },
              });
              const allowed = cmd.amountCents >= MIN && cmd.amountCents <= m.available;
              expect(res.status).toBe(allowed ? 200 : 422);
              if (allowed) {
                m.available -= cmd.amountCents;
                m.frozen += cmd.amountCents;
                withdrawals.push({
                  id: res.body.data.id,
                  distributor: cmd.distributor,
                  amount: cmd.amountCents,
                  status: 'pending',
                });
              }
              break;
            }
            case 'decide': {
              if (withdrawals.length === 0) break;
              const w = withdrawals[cmd.withdrawal % withdrawals.length]!;
              const res = await t.call<AdminWithdrawal>({
                method: 'POST',
                url: '/api/v1/withdraw/check',
                token: admin.token,
                payload: cmd.approve
                  ? { id: w.id, approve: true, payoutRef: 'PROP' }
                  : { id: w.id, approve: false, reason: '属性测试驳回' },
              });
              expect(res.status).toBe(w.status === 'pending' ? 200 : 409);
              if (w.status === 'pending') {
                const m = model[w.distributor]!;
                m.frozen -= w.amount;
                if (cmd.approve) m.withdrawn += w.amount;
                else {
                  m.available += w.amount;
                  repay(m);
                }
                w.status = cmd.approve ? 'approved' : 'rejected';
              }
              break;
            }
          }

          for (const [i, d] of distributors.entries()) {
            const wallet = await walletOf(t, d.id);
            expect(await ledgerOf(t, d.id)).toEqual(wallet);
            for (const v of Object.values(wallet)) expect(v).toBeGreaterThanOrEqual(0);
            expect(wallet).toEqual(model[i]);
            // While anything is owed, nothing can be withdrawn.
            if (wallet.debt > 0) expect(wallet.available).toBe(0);
          }
        }
      }),
      {
        numRuns: 25,
        // Runs that surely reach the new paths: a refund after settlement and after withdrawal,
        // then a later commission repaying the debt.
        examples: [
          [
            [
              { kind: 'pay', customer: 0, amountCents: 100_000 },
              { kind: 'advance', hours: 24 * 8 },
              { kind: 'settle' },
              { kind: 'withdraw', distributor: 0, amountCents: 15_000 },
              { kind: 'decide', withdrawal: 0, approve: true },
              { kind: 'refund', order: 0 },
              { kind: 'pay', customer: 1, amountCents: 50_000 },
              { kind: 'advance', hours: 24 * 8 },
              { kind: 'settle' },
              { kind: 'pay', customer: 0, amountCents: 60_000 },
              { kind: 'advance', hours: 24 * 8 },
              { kind: 'settle' },
            ],
          ],
          [
            [
              { kind: 'pay', customer: 2, amountCents: 80_000 },
              { kind: 'advance', hours: 24 * 8 },
              { kind: 'settle' },
              { kind: 'withdraw', distributor: 1, amountCents: 12_000 },
              { kind: 'refund', order: 0 },
              { kind: 'decide', withdrawal: 0, approve: false },
            ],
          ],
        ],
      },
    );
    // The generated runs went through every rule at least once.
    expect(clawedBack).toBeGreaterThan(0);
    expect(debts).toBeGreaterThan(0);
    expect(repaidFromCommission).toBeGreaterThan(0);
  }, 600_000);
});
