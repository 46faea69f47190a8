import { randomUUID } from 'node:crypto';
import type { TestApp, TestUser } from '../helpers/test-app.ts';

/** Shared set-ups of the referral, withdrawal and access tests (not a test file itself). */

import type { Buckets } from '../../src/modules/referral/referral-wallet.repository.ts';

export type { Buckets };

/** A distributor and a customer bound to them, as the login flow leaves them. */
export async function distributorWithCustomer(
  t: TestApp,
  names = { distributor: '分销员A', customer: '客户B' },
) {
  const distributor = await t.signIn({ nickname: names.distributor });
  await t.app.container.distributors.become(distributor.id);
  const customer = await t.signIn({ nickname: names.customer });
  const bound = await t.app.container.users.bindReferrer(customer.id, distributor.id);
  if (!bound) throw new Error('binding failed');
  return { distributor, customer };
}

export async function bindCustomer(t: TestApp, distributor: TestUser, nickname?: string): Promise<TestUser> {
  const customer = await t.signIn({ nickname });
  await t.app.container.users.bindReferrer(customer.id, distributor.id);
  return customer;
}

/**
 * A paid order of `amountCents`, as the order module reports it: recordCommission inside the
 * transaction that marks the order paid. Returns the order id.
 */
export async function payOrder(t: TestApp, buyerUserId: string, amountCents: number, orderId = randomUUID()) {
  await t.database.db.transaction(async (tx) => {
    await t.app.container.commissions.recordCommission(tx, { orderId, buyerUserId, amountCents });
  });
  return orderId;
}

export async function refundOrder(t: TestApp, orderId: string) {
  return t.database.db.transaction((tx) => t.app.container.commissions.cancelCommission(tx, orderId));
}

/** Settles everything recorded so far, as if the settlement period had passed. */
export async function settleAll(t: TestApp) {
  return t.app.container.commissions.settleDue(new Date(Date.now() + 3650 * 86_400_000));
}

/** Gives a distributor `cents` available (commission at the default 20%, then settled). */
export async function fundAvailable(t: TestApp, distributor: TestUser, cents: number) {
  const customer = await bindCustomer(t, distributor);
  await payOrder(t, customer.id, cents * 5);
  await settleAll(t);
}

export async function walletOf(t: TestApp, userId: string): Promise<Buckets> {
  return t.app.container.referralWallet.get(userId);
}

export async function ledgerOf(t: TestApp, userId: string): Promise<Buckets> {
  return t.app.container.referralWallet.ledgerSums(userId);
}
