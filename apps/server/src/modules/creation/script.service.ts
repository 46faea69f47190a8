import type { Page, Script, ScriptDownloadFormat, ScriptEdits, ScriptListItem } from '@app/contract';
import type { Db } from '../../db/database.ts';
import { scriptFindings } from '../../generation/quality/quality-gate.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { ScriptForSuggest } from '../suggest/suggest.service.ts';
import type { CreationRepository } from './creation.repository.ts';
import { scriptToDocx } from './export/script-docx.ts';
import { contentDisposition, exportModel, fileNameOf } from './export/script-export-model.ts';
import { scriptToMarkdown, scriptToText } from './export/script-text.ts';
import { draftOf, toScript } from './script.mapper.ts';
import type { ScriptRepository } from './script.repository.ts';

export const SCRIPT_NOT_FOUND_MESSAGE = '脚本不存在或已被删除';

const CONTENT_TYPES: Record<ScriptDownloadFormat, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

export interface ScriptFile {
  body: Buffer;
  contentType: string;
  contentDisposition: string;
  fileName: string;
}

/** Scripts: the owner edits and confirms them, lists them, downloads them as files. */
export function createScriptService(deps: {
  db: Db;
  scripts: ScriptRepository;
  generations: CreationRepository;
}) {
  const { db, scripts, generations } = deps;

  async function requireOwned(userId: string, id: string) {
    const row = isUuid(id) ? await scripts.findOwned(db, userId, id) : undefined;
    if (!row) throw notFound(SCRIPT_NOT_FOUND_MESSAGE);
    return row;
  }

  return {
    async confirm(userId: string, scriptId: string, edits: ScriptEdits | undefined): Promise<Script> {
      const row = await db.transaction(async (tx) => {
        const current = isUuid(scriptId) ? await scripts.findOwnedForUpdate(tx, userId, scriptId) : undefined;
        if (!current) throw notFound(SCRIPT_NOT_FOUND_MESSAGE);
        // Edited lines are checked again, so what the owner fixed stops being reported.
        const generation = await generations.find(tx, current.generationId);
        const draft = { ...draftOf(current), ...edits };
        const findings =
          edits && generation
            ? scriptFindings(draft, {
                topic: generation.input.topic,
                durationSec: generation.input.durationSec,
                extra: generation.input.extra,
              })
            : current.findings;
        return scripts.confirm(tx, scriptId, edits ?? {}, findings);
      });
      return toScript(row);
    },

    async list(
      userId: string,
      query: { confirmed?: boolean; page: number; pageSize: number },
    ): Promise<Page<ScriptListItem>> {
      const { items, total } = await scripts.list(db, userId, query);
      return {
        items: items.map(({ script, input }) => ({ ...toScript(script), input })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** The lookup the suggestion generator's `improve` uses: my script and what it was asked for, or null. */
    async forSuggest(userId: string, scriptId: string): Promise<ScriptForSuggest | null> {
      const row = isUuid(scriptId) ? await scripts.findOwned(db, userId, scriptId) : undefined;
      if (!row) return null;
      const generation = await generations.find(db, row.generationId);
      return { script: draftOf(row), ...(generation ? { input: generation.input } : {}) };
    },

    async download(userId: string, scriptId: string, format: ScriptDownloadFormat): Promise<ScriptFile> {
      const row = await requireOwned(userId, scriptId);
      const generation = await generations.find(db, row.generationId);
      if (!generation) throw notFound(SCRIPT_NOT_FOUND_MESSAGE);
      const model = exportModel(draftOf(row), generation.input, row.confirmed);
      const body =
        format === 'docx'
          ? await scriptToDocx(model)
          : Buffer.from(format === 'md' ? scriptToMarkdown(model) : scriptToText(model), 'utf8');
      const fileName = fileNameOf(row.title, format);
      return {
        body,
        fileName,
        contentType: CONTENT_TYPES[format],
        contentDisposition: contentDisposition(fileName, `script-${row.id.slice(0, 8)}.${format}`),
      };
    },
  };
}
export type ScriptService = ReturnType<typeof createScriptService>;
