import { describe, expect, it } from 'vitest';
import type { WalletService } from '../wallet/wallet.service.ts';
import { createPricingService } from './pricing.service.ts';

type Change = Parameters<WalletService['change']>[0];

function pricingWith(change: (c: Change) => Promise<unknown>) {
  const wallet = {
    change: change as WalletService['change'],
    changeIn: (async () => undefined) as unknown as WalletService['changeIn'],
    balance: async () => 0,
  };
  return createPricingService({
    wallet,
    isInternal: async () => false,
    costs: { persona: 1, script: 1, suggest: 0 },
  });
}

describe('pricing.tryRefund', () => {
  it('gives the credits back as a refund ledger change pointing at the charge', async () => {
    const changes: Change[] = [];
    const pricing = pricingWith(async (c) => changes.push(c));
    expect(await pricing.tryRefund({ userId: 'u1', amount: 3, refId: 'r1' })).toBeNull();
    expect(changes).toEqual([{ userId: 'u1', delta: 3, reason: 'refund', refId: 'r1' }]);
  });

  it('writes nothing for a free action', async () => {
    const changes: Change[] = [];
    const pricing = pricingWith(async (c) => changes.push(c));
    expect(await pricing.tryRefund({ userId: 'u1', amount: 0, refId: 'r1' })).toBeNull();
    expect(changes).toEqual([]);
  });

  it('answers a failed refund as an error carrying what was owed, instead of throwing', async () => {
    const pricing = pricingWith(async () => {
      throw new Error('connection lost');
    });
    const error = await pricing.tryRefund({ userId: 'u1', amount: 2, refId: 'r9' });
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toBe('connection lost');
    expect(error).toMatchObject({ refund: { userId: 'u1', amount: 2, refId: 'r9' } });
  });

  it('wraps a thrown non-error too', async () => {
    const pricing = pricingWith(() => Promise.reject('boom'));
    const error = await pricing.tryRefund({ userId: 'u1', amount: 1, refId: 'r2' });
    expect(error?.message).toBe('boom');
    expect(error).toMatchObject({ refund: { amount: 1 } });
  });
});
