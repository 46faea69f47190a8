import { SCRIPT_DURATION_TOLERANCE, type Script, type ScriptEdits, scriptEditsSchema } from '@app/contract';
import type { Scene, ScriptDraft } from '@app/contract/generation';

/** A scene being edited carries a key of its own, so React keeps rows apart while they move. */
export type EditableScene = Scene & { key: string };
export type EditableDraft = Omit<ScriptDraft, 'scenes'> & { scenes: EditableScene[] };

let counter = 0;
export const newSceneKey = () => `scene-${++counter}`;

export function toEditable(script: Script): EditableDraft {
  return {
    title: script.title,
    hook: script.hook,
    scenes: script.scenes.map((s) => ({ ...s, key: newSceneKey() })),
    twist: script.twist,
    cta: script.cta,
    tags: script.tags,
    coverText: script.coverText,
  };
}

export function toEdits(draft: EditableDraft): ScriptEdits {
  return { ...draft, scenes: draft.scenes.map(({ key: _key, ...scene }) => scene) };
}

/** Whether the draft says anything the stored script does not. */
export function isDirty(draft: EditableDraft, script: Script): boolean {
  const a = toEdits(draft);
  return (
    a.title !== script.title ||
    a.hook !== script.hook ||
    a.twist !== script.twist ||
    a.cta !== script.cta ||
    a.coverText !== script.coverText ||
    JSON.stringify(a.tags) !== JSON.stringify(script.tags) ||
    JSON.stringify(a.scenes) !== JSON.stringify(script.scenes)
  );
}

export const totalSeconds = (scenes: Scene[]) => scenes.reduce((sum, s) => sum + (s.durationSec || 0), 0);

export function durationFit(totalSec: number, targetSec: number): 'fits' | 'short' | 'long' {
  if (totalSec < targetSec * (1 - SCRIPT_DURATION_TOLERANCE)) return 'short';
  if (totalSec > targetSec * (1 + SCRIPT_DURATION_TOLERANCE)) return 'long';
  return 'fits';
}

const FIELD_NAMES: Record<string, string> = {
  title: '标题',
  hook: '开场钩子',
  twist: '反转设计',
  cta: '行动号召',
  tags: '话题标签',
  coverText: '封面文字',
  scenes: '分镜',
  shot: '景别',
  visual: '画面',
  line: '台词',
  durationSec: '时长',
};

/** The edits checked with the same schema the server uses; problems phrased with where they are. */
export function validateDraft(draft: EditableDraft): { edits: ScriptEdits } | { problems: string[] } {
  const parsed = scriptEditsSchema.safeParse(toEdits(draft));
  if (parsed.success) return { edits: parsed.data };
  const problems = parsed.error.issues.map((issue) => {
    const [field, index] = issue.path;
    if (field === 'scenes' && typeof index === 'number') return `第 ${index + 1} 个镜头：${issue.message}`;
    const name = typeof field === 'string' ? FIELD_NAMES[field] : undefined;
    return name && !issue.message.includes(name) ? `${name}：${issue.message}` : issue.message;
  });
  return { problems: [...new Set(problems)] };
}
