import type { PersonaAnalyzeInput, PersonaDraft } from '@app/contract/generation';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { createPersonaRepository } from '../../src/modules/persona/persona.repository.ts';
import { createPersonaService } from '../../src/modules/persona/persona.service.ts';
import { personaAnalyses, personas } from '../../src/modules/persona/persona.tables.ts';
import { creditLedger } from '../../src/modules/wallet/wallet.tables.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { onPostgres, openSecondInstance } from '../helpers/test-database.ts';
import { foodCreator } from './persona.fixtures.ts';

const input = foodCreator;

/** A model that answers only when told to: the analysis stays in flight until then. */
function heldGeneration(t: TestApp) {
  let release: (() => void) | undefined;
  const generation = {
    async analyzePersona(i: PersonaAnalyzeInput, opts?: { seed?: number }) {
      const draft = await t.app.container.generation.analyzePersona(i, opts);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return draft as PersonaDraft;
    },
  };
  return {
    generation,
    started: () => release !== undefined,
    release: () => release?.(),
  };
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('persona analyses interrupted by a dead instance', () => {
  let t: TestApp;

  const ledger = (userId: string) =>
    t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
  const analysis = async (id: string) =>
    (await t.database.db.select().from(personaAnalyses).where(eq(personaAnalyses.id, id)))[0];
  /** What STALE_SEC of silence does: the dead instance's lease goes stale. */
  const ageLeases = () =>
    t.database.db
      .update(personaAnalyses)
      .set({ heartbeatAt: sql`now() - interval '10 minutes'` })
      .where(eq(personaAnalyses.status, 'analysing'));

  /** A user whose analysis was charged and is in flight on a "dead" instance (another runner). */
  async function strandedAnalysis(user: TestUser) {
    const held = heldGeneration(t);
    const dead = createPersonaService({
      db: t.database.db,
      personas: createPersonaRepository(),
      pricing: t.app.container.pricing,
      generation: held.generation,
      runnerId: 'dead-instance',
      heartbeatMs: 60_000,
      logError: () => {},
    });
    const outcome = dead.analyze(user.id, input).then(
      (persona) => ({ persona, error: undefined }),
      (error: unknown) => ({ persona: undefined, error: error as Error & { statusCode?: number } }),
    );
    await waitFor(held.started);
    const [row] = await t.database.db
      .select()
      .from(personaAnalyses)
      .where(and(eq(personaAnalyses.userId, user.id), eq(personaAnalyses.status, 'analysing')));
    return { id: row!.id, held, outcome };
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the sweep fails and refunds a stale analysis exactly once; its late answer writes nothing', async () => {
    const user = await t.signIn();
    await t.app.container.wallet.change({ userId: user.id, delta: 5, reason: 'grant' });
    const { id, held, outcome } = await strandedAnalysis(user);
    expect(await t.app.container.wallet.balance(user.id)).toBe(4);

    // A fresh lease is left alone: its instance may be alive.
    expect(await t.app.container.creationModule.recoverStale()).toBe(0);
    expect((await analysis(id))?.status).toBe('analysing');

    await ageLeases();
    // Several sweeps at once (every instance runs one): one of them closes it.
    const swept = await Promise.all([
      t.app.container.creationModule.recoverStale(),
      t.app.container.creationModule.recoverStale(),
      t.app.container.personas.recoverStale(),
    ]);
    expect(swept.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await analysis(id)).toMatchObject({ status: 'failed', charged: 1, refunded: 1 });
    expect(await t.app.container.wallet.balance(user.id)).toBe(5);

    // The "dead" instance was only slow: its answer arrives after the sweep. Nothing more moves.
    held.release();
    const { persona, error } = await outcome;
    expect(persona).toBeUndefined();
    expect(error?.statusCode).toBe(502);
    expect(await t.database.db.select().from(personas).where(eq(personas.id, id))).toHaveLength(0);
    expect(await t.app.container.wallet.balance(user.id)).toBe(5);
    const rows = (await ledger(user.id)).filter((r) => r.refId === id);
    expect(rows.map((r) => [r.reason, r.delta]).sort()).toEqual([
      ['generation', -1],
      ['refund', 1],
    ]);
    expect(await t.app.container.wallet.ledgerSum(user.id)).toBe(5);
  });

  it('an analysis that finishes closes its lease with the persona: the sweep has nothing to do', async () => {
    const user = await t.signIn();
    await t.app.container.wallet.change({ userId: user.id, delta: 2, reason: 'grant' });
    const res = await t.call<{ id: string }>({
      method: 'POST',
      url: '/api/v1/persona/analyze',
      token: user.token,
      payload: input,
    });
    expect(res.status, res.body.message).toBe(200);
    expect(await analysis(res.body.data.id)).toMatchObject({ status: 'done', charged: 1, refunded: 0 });
    await ageLeases();
    expect(await t.app.container.personas.recoverStale()).toBe(0);
    expect(await t.app.container.wallet.balance(user.id)).toBe(1);
  });

  it('a failed analysis is refunded through its lease, once', async () => {
    const user = await t.signIn();
    await t.app.container.wallet.change({ userId: user.id, delta: 2, reason: 'grant' });
    const failing = createPersonaService({
      db: t.database.db,
      personas: createPersonaRepository(),
      pricing: t.app.container.pricing,
      generation: {
        analyzePersona: async () => {
          throw new Error('model down');
        },
      },
      logError: () => {},
    });
    await expect(failing.analyze(user.id, input)).rejects.toMatchObject({ statusCode: 502 });
    const [row] = await t.database.db
      .select()
      .from(personaAnalyses)
      .where(eq(personaAnalyses.userId, user.id));
    expect(row).toMatchObject({ status: 'failed', charged: 1, refunded: 1 });
    await ageLeases();
    expect(await t.app.container.personas.recoverStale()).toBe(0);
    expect(await t.app.container.wallet.balance(user.id)).toBe(2);
  });

  it.runIf(onPostgres())('two instances sweeping the same stale analyses refund each once', async () => {
    const second: Database = await openSecondInstance(t.database);
    const other = await createTestApp({}, { database: second });
    try {
      const users = [await t.signIn(), await t.signIn(), await t.signIn()];
      const stranded: Awaited<ReturnType<typeof strandedAnalysis>>[] = [];
      for (const user of users) {
        await t.app.container.wallet.change({ userId: user.id, delta: 3, reason: 'grant' });
        stranded.push(await strandedAnalysis(user));
      }
      await ageLeases();
      const swept = await Promise.all([
        t.app.container.personas.recoverStale(),
        other.app.container.personas.recoverStale(),
        t.app.container.creationModule.recoverStale(),
        other.app.container.creationModule.recoverStale(),
      ]);
      expect(swept.reduce((a, b) => a + b, 0)).toBe(3);
      for (const [i, user] of users.entries()) {
        expect(await t.app.container.wallet.balance(user.id)).toBe(3);
        const refunds = (await ledger(user.id)).filter(
          (r) => r.refId === stranded[i]!.id && r.reason === 'refund',
        );
        expect(refunds).toHaveLength(1);
      }
      for (const s of stranded) s.held.release();
      await Promise.all(stranded.map((s) => s.outcome));
      for (const user of users) expect(await t.app.container.wallet.balance(user.id)).toBe(3);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
