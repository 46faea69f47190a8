import type { GenerationInput, Script } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '@/lib/toast';
import { useConfirmScript } from '../api/confirm-script';
import { replaceScript, useGenerationView, watchGeneration } from '../api/generation-stream';
import { generationQueryOptions } from '../api/get-generation';
import { type EditableDraft, isDirty, toEditable, validateDraft } from '../lib/script-draft';

/**
 * The workspace's own state: which generation it shows, which variant is being edited, the
 * unconfirmed edits of each script. Plain React state: the kept-alive screen keeps it.
 */
export function useScriptWorkspace() {
  const queryClient = useQueryClient();
  const [generationId, setGenerationId] = useState<string | null>(null);
  const [input, setInput] = useState<GenerationInput | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [drafts, setDrafts] = useState<Record<string, EditableDraft>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const view = useGenerationView(generationId);
  const confirm = useConfirmScript();

  // Until the user picks, the first finished variant is the one shown in the editor.
  const selected = chosen ?? view?.variants.findIndex((v) => v.script !== null) ?? -1;
  const script: Script | null = (selected >= 0 && view?.variants[selected]?.script) || null;
  const draft = script ? (drafts[script.id] ?? toEditable(script)) : null;
  const dirty = Boolean(script && draft && isDirty(draft, script));

  /** Shows a generation: a new one just started, or one opened from history. */
  const show = useCallback((id: string, generationInput: GenerationInput, variant: number | null = null) => {
    watchGeneration(id, generationInput.variants);
    setGenerationId(id);
    setInput(generationInput);
    setChosen(variant);
    setProblems([]);
  }, []);

  /** Opens a stored generation by id (GET /creator/:id for its input), optionally on one script. */
  const open = useCallback(
    async (id: string, scriptId?: string) => {
      const generation = await queryClient.fetchQuery(generationQueryOptions(id));
      const variant = generation.scripts.find((s) => s.id === scriptId)?.variantIndex ?? null;
      show(id, generation.input, variant);
      return generation;
    },
    [queryClient, show],
  );

  /** A stored generation's record without showing it (to reuse its input). */
  const load = useCallback((id: string) => queryClient.fetchQuery(generationQueryOptions(id)), [queryClient]);

  const edit = (next: EditableDraft) => {
    if (!script) return;
    setDrafts((all) => ({ ...all, [script.id]: next }));
    if (problems.length > 0) setProblems([]);
  };

  /** Confirms the edited script; true when it was saved. */
  async function confirmScript(): Promise<boolean> {
    if (!script || !draft || !generationId) return false;
    const checked = validateDraft(draft);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return false;
    }
    try {
      const saved = await confirm.mutateAsync({ scriptId: script.id, edits: checked.edits });
      replaceScript(generationId, saved);
      setDrafts(({ [script.id]: _saved, ...rest }) => rest);
      setProblems([]);
      toast.success('脚本已确认，可在「创作历史」中随时找到');
      return true;
    } catch {
      return false; // the API client already showed the server's message
    }
  }

  return {
    generationId,
    input,
    view,
    selected: selected >= 0 ? selected : null,
    select: setChosen,
    script,
    draft,
    dirty,
    problems,
    edit,
    discard: () => script && setDrafts(({ [script.id]: _dropped, ...rest }) => rest),
    confirmScript,
    confirming: confirm.isPending,
    show,
    open,
    load,
  };
}
export type ScriptWorkspaceState = ReturnType<typeof useScriptWorkspace>;
