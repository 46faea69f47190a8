import { randomInt } from 'node:crypto';
import type { DistributionUri } from '@app/contract';
import type { Db } from '../../db/database.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { UserEvents } from '../user/user-events.ts';
import type { DistributorRepository } from './distributor.repository.ts';
import type { DistributorRow } from './distributor.tables.ts';

/** No 0/O or 1/I/L: a code read aloud or typed from a screenshot comes out right. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

function drawCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * Who is a distributor and what their referral code is. Becoming one is open to every user and
 * takes effect at once (DESIGN §4); the code is drawn then and never changes.
 */
export function createDistributorService(deps: {
  db: Db;
  distributors: DistributorRepository;
  publicUrl: string;
  /** Told when a user becomes a distributor, so every instance's cache of the user drops it. */
  events?: Pick<UserEvents, 'changed'>;
}) {
  const { db, distributors } = deps;
  return {
    async isDistributor(userId: string): Promise<boolean> {
      return Boolean(await distributors.findByUser(db, userId));
    },

    /** Idempotent: a distributor asking again keeps their code. */
    async become(userId: string): Promise<DistributorRow> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await distributors.insert(db, userId, drawCode());
        if (row) {
          await deps.events?.changed(userId);
          return row;
        }
      }
      throw new Error('could not draw a free referral code');
    },

    async shareLink(userId: string): Promise<DistributionUri> {
      const row = await distributors.findByUser(db, userId);
      if (!row) throw unprocessable('您还不是分销商，请先成为分销商再获取分享链接', 'not_distributor');
      return { url: `${deps.publicUrl}/?${new URLSearchParams({ code: row.code })}`, code: row.code };
    },

    /** The login flow's referral lookup: a code → its distributor's user id. */
    async distributorIdByCode(code: string): Promise<string | undefined> {
      return (await distributors.findByCode(db, code.toUpperCase()))?.userId;
    },
  };
}
export type DistributorService = ReturnType<typeof createDistributorService>;
