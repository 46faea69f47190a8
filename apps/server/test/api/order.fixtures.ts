import type { Order, OrderPay, Product } from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders } from '../../src/modules/order/order.tables.ts';
import type { TestApp, TestUser } from '../helpers/test-app.ts';

/** Shared steps of the order, payment and wallet tests. */
export async function products(t: TestApp): Promise<Product[]> {
  const { body } = await t.call<Product[]>({ method: 'GET', url: '/api/v1/product/list' });
  return body.data;
}

export async function productNamed(t: TestApp, name: string): Promise<Product> {
  const found = (await products(t)).find((p) => p.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
}

export async function createOrder(t: TestApp, user: TestUser, name = '体验包'): Promise<Order> {
  const product = await productNamed(t, name);
  const res = await t.call<Order>({
    method: 'POST',
    url: '/api/v1/order/create',
    token: user.token,
    payload: { productId: product.id },
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

export async function payOrder(t: TestApp, user: TestUser, orderId: string): Promise<OrderPay> {
  const res = await t.call<OrderPay>({
    method: 'POST',
    url: '/api/v1/order/pay',
    token: user.token,
    payload: { orderId },
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

export async function getOrder(t: TestApp, user: TestUser, orderId: string): Promise<Order> {
  const res = await t.call<Order>({ method: 'GET', url: `/api/v1/order/${orderId}`, token: user.token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

/** Moves an order's deadline into the past, as 15 minutes of waiting would. */
export async function expire(t: TestApp, orderId: string): Promise<void> {
  await t.database.db
    .update(orders)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(orders.id, orderId));
}

export async function orderRow(t: TestApp, orderId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

/** The invariant of DESIGN §5: a wallet's balance is the sum of its ledger. */
export async function expectBalanceMatchesLedger(t: TestApp, users: TestUser[]): Promise<void> {
  const { wallet } = t.app.container;
  for (const user of users) {
    expect(await wallet.balance(user.id), `balance of ${user.nickname}`).toBe(
      await wallet.ledgerSum(user.id),
    );
  }
}
