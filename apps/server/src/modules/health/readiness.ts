import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Readiness } from '@app/contract';
import { sql } from 'drizzle-orm';
import { type Db, migrationsFolder } from '../../db/database.ts';
import { executeRows } from '../../db/execute-rows.ts';

/** A probe answers within a load balancer's usual timeout even when the database hangs. */
export const READY_DB_TIMEOUT_MS = 2000;

/** The newest migration this build ships, as drizzle records it (`created_at` = the journal's `when`). */
function newestShippedMigration(folder: string): number {
  const journal = JSON.parse(readFileSync(resolve(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

type Outcome<T> = { value: T } | { error: unknown } | { timeout: true };

async function within<T>(ms: number, work: Promise<T>): Promise<Outcome<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ timeout: true }>((r) => {
    timer = setTimeout(() => r({ timeout: true }), ms);
  });
  try {
    return await Promise.race([
      work.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance should get traffic: the database answers, every migration this build
 * ships is applied (more is fine: a newer instance may have migrated during a rolling deploy), and
 * it is not draining. Draining only ever starts: a stopping instance never becomes ready again.
 */
export function createReadiness(deps: { db: Db; timeoutMs?: number; migrationsFolder?: string }) {
  const timeoutMs = deps.timeoutMs ?? READY_DB_TIMEOUT_MS;
  const shipped = newestShippedMigration(deps.migrationsFolder ?? migrationsFolder);
  let draining = false;
  // Migrations are never undone under a running instance: once seen applied, not asked again.
  let migrated = false;

  async function migrations(): Promise<Readiness['checks']['migrations']> {
    if (migrated) return 'done';
    const outcome = await within(
      timeoutMs,
      executeRows<{ last: string | number | null }>(
        deps.db,
        sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
      ),
    );
    if (!('value' in outcome)) return 'unknown';
    migrated = Number(outcome.value[0]?.last ?? 0) >= shipped;
    return migrated ? 'done' : 'pending';
  }

  return {
    get draining(): boolean {
      return draining;
    },
    /** The first step of a graceful stop (server.ts): from now on /health/ready answers 503. */
    drain(): void {
      draining = true;
    },
    async check(): Promise<Readiness> {
      const ping = await within(timeoutMs, deps.db.execute(sql`select 1`));
      const database = 'value' in ping ? 'up' : 'timeout' in ping ? 'timeout' : 'down';
      const checks: Readiness['checks'] = {
        database,
        migrations: database === 'up' ? await migrations() : migrated ? 'done' : 'unknown',
        lifecycle: draining ? 'draining' : 'serving',
      };
      const ready = database === 'up' && checks.migrations === 'done' && !draining;
      return { ready, checks };
    },
  };
}
export type ReadinessProbe = ReturnType<typeof createReadiness>;
