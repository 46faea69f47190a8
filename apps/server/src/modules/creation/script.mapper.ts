import type { Script } from '@app/contract';
import type { ScriptDraft } from '@app/contract/generation';
import type { ScriptRow } from './creation.tables.ts';

/** What goes out: the response schema picks these fields, so a new column never leaks. */
export function toScript(row: ScriptRow): Script {
  return {
    id: row.id,
    generationId: row.generationId,
    variantIndex: row.variantIndex,
    title: row.title,
    hook: row.hook,
    scenes: row.scenes,
    twist: row.twist,
    cta: row.cta,
    tags: row.tags,
    coverText: row.coverText,
    findings: row.findings,
    confirmed: row.confirmed,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function draftOf(row: ScriptRow): ScriptDraft {
  return {
    title: row.title,
    hook: row.hook,
    scenes: row.scenes,
    twist: row.twist,
    cta: row.cta,
    tags: row.tags,
    coverText: row.coverText,
  };
}
