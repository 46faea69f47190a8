import { randomUUID } from 'node:crypto';
import type { AdminWithdrawal, Withdrawal } from '@app/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommissionRepository } from '../../src/modules/distribution/commission.repository.ts';
import {
  type CommissionService,
  createCommissionService,
} from '../../src/modules/distribution/commission.service.ts';
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

const empty = (): Buckets => ({ available: 0, pending: 0, frozen: 0, withdrawn: 0, totalEarned: 0 });

/**
 * Random sequences of payments, refunds, clock moves, settlements, withdrawals and decisions,
 * checked after every step against the database's own ledger and against a model of the rules:
 * balances equal their ledger sums, none is negative, each is what the rules say.
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
      wallet: t.app.container.distributionWallet,
      referrerOf: createUserLookupRepository().referrerOf,
      rate: RATE,
      settlementDays: 7,
      now: () => new Date(clock),
    });
  });
  afterAll(() => t.close());

  it('keeps every balance equal to its ledger, never negative, and as the rules say', async () => {
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
              if (o.status === 'pending') {
                o.status = 'cancelled';
                model[o.distributor]!.pending -= o.commission;
                model[o.distributor]!.totalEarned -= o.commission;
              }
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
                else m.available += w.amount;
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
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 600_000);
});
