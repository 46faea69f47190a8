import { randomUUID } from 'node:crypto';
import type { Product } from '@app/contract';
import {
  creatorGenerations,
  creditLedger,
  distributionWallets,
  orderRefunds,
  orders,
  personaAnalyses,
  scripts,
  users,
  withdrawals,
} from '../../src/db/tables.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * Known business activity in the past, written straight into the tables (the API stamps
 * everything "now"; a report needs other days). Times are Beijing wall-clock times.
 * Not a test file itself.
 */
export const beijing = (local: string) => new Date(`${local}+08:00`);

let serial = 0;
const next = () => `${process.pid}-${++serial}`;

export function createStatsSeeder(t: TestApp, adminId: string) {
  const { db } = t.database;
  let product: Product | undefined;

  async function productId() {
    if (!product) {
      const res = await t.call<Product[]>({ method: 'GET', url: '/api/v1/product/list' });
      product = res.body.data[0]!;
    }
    return product;
  }

  return {
    async user(createdAt: string, nickname = '种子用户'): Promise<string> {
      const [row] = await db
        .insert(users)
        .values({ openid: `seed-${next()}`, nickname, createdAt: beijing(createdAt) })
        .returning({ id: users.id });
      return row!.id;
    },

    /** A paid order; `refundedAt` makes it an old-style full refund (no refund row). */
    async paidOrder(
      userId: string,
      o: { amountCents: number; credits: number; paidAt: string; refundedAt?: string },
    ): Promise<string> {
      const p = await productId();
      const paidAt = beijing(o.paidAt);
      const [row] = await db
        .insert(orders)
        .values({
          orderNo: `SEED${next()}`,
          userId,
          productId: p.id,
          productName: p.name,
          amountCents: o.amountCents,
          credits: o.credits,
          status: o.refundedAt ? 'refunded' : 'paid',
          provider: 'dev',
          transactionId: `seed-tx-${next()}`,
          createdAt: new Date(paidAt.getTime() - 60_000),
          expiresAt: new Date(paidAt.getTime() + 14 * 60_000),
          paidAt,
          ...(o.refundedAt ? { refundedAt: beijing(o.refundedAt) } : {}),
        })
        .returning({ id: orders.id });
      return row!.id;
    },

    async pendingOrder(userId: string, createdAt: string): Promise<void> {
      const p = await productId();
      await db.insert(orders).values({
        orderNo: `SEED${next()}`,
        userId,
        productId: p.id,
        productName: p.name,
        amountCents: 990,
        credits: 10,
        createdAt: beijing(createdAt),
        expiresAt: new Date(beijing(createdAt).getTime() + 15 * 60_000),
      });
    },

    async refund(
      orderId: string,
      r: { amountCents: number; status: 'succeeded' | 'closed'; finishedAt: string },
    ): Promise<void> {
      await db.insert(orderRefunds).values({
        orderId,
        outRefundNo: `SEEDR${next()}`,
        amountCents: r.amountCents,
        credits: 0,
        status: r.status,
        requestedBy: adminId,
        createdAt: new Date(beijing(r.finishedAt).getTime() - 60_000),
        finishedAt: beijing(r.finishedAt),
      });
    },

    /** A script generation started at `at`, with the scripts it wrote. */
    async generation(userId: string, at: string, scriptCount: number): Promise<void> {
      const id = randomUUID();
      await db.insert(creatorGenerations).values({
        id,
        userId,
        status: 'done',
        input: {} as never,
        createdAt: beijing(at),
        finishedAt: beijing(at),
      });
      for (let i = 0; i < scriptCount; i++) {
        await db.insert(scripts).values({
          userId,
          generationId: id,
          variantIndex: i,
          title: `种子脚本 ${i + 1}`,
          hook: '开头',
          scenes: [],
          cta: '关注我',
          tags: [],
          coverText: '封面',
          createdAt: beijing(at),
        });
      }
    },

    async personaAnalysis(userId: string, at: string): Promise<void> {
      await db.insert(personaAnalyses).values({
        id: randomUUID(),
        userId,
        status: 'done',
        runnerId: 'seed',
        createdAt: beijing(at),
      });
    },

    async credits(
      userId: string,
      delta: number,
      reason: 'generation' | 'refund' | 'purchase',
      at: string,
    ): Promise<void> {
      await db
        .insert(creditLedger)
        .values({ userId, delta, balanceAfter: 0, reason, createdAt: beijing(at) });
    },

    async withdrawal(
      userId: string,
      w: { amountCents: number; status: 'approved' | 'rejected'; decidedAt: string },
    ): Promise<void> {
      await db.insert(withdrawals).values({
        userId,
        amountCents: w.amountCents,
        realName: '种子',
        status: w.status,
        decidedAt: beijing(w.decidedAt),
        decidedBy: adminId,
      });
    },

    async distributionWallet(
      userId: string,
      cents: { pending: number; available: number; frozen: number },
    ): Promise<void> {
      await db.insert(distributionWallets).values({
        userId,
        pendingCents: cents.pending,
        availableCents: cents.available,
        frozenCents: cents.frozen,
      });
    },
  };
}
