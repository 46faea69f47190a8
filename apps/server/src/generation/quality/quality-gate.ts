import type { QualityFinding, ScriptDraft } from '@app/contract/generation';
import { analyzeScriptTopic } from '../analysis/analyze-script-topic.ts';
import type { ScriptTask } from '../generation-provider.ts';
import { knowledge } from '../knowledge/load-knowledge.ts';
import { clampDuration } from '../templates/twist-plan.ts';
import { buildLexicon, checkScript, checkVariantOverlap, type SubjectLexicon } from './script-checks.ts';

let lexicon: SubjectLexicon | undefined;

/** Built on first use from the knowledge: every subject a script could stray into. */
function subjectLexicon(): SubjectLexicon {
  lexicon ??= buildLexicon(knowledge());
  return lexicon;
}

export type GateTask = Pick<ScriptTask, 'topic' | 'persona' | 'extra' | 'durationSec'>;

/**
 * The quality gate every provider's scripts pass through: what needs no model to find
 * (placeholders, a broken count, other subjects, pace, repeats, overlap with the other versions).
 */
export function scriptFindings(
  draft: ScriptDraft,
  task: GateTask,
  siblings: ScriptDraft[] = [],
): QualityFinding[] {
  const analysis = analyzeScriptTopic(task);
  const p = task.persona;
  const context = [
    p ? [p.name, p.positioning, p.audience, ...p.tags, ...p.pillars].join('\n') : '',
    task.extra ?? '',
  ].join('\n');
  return [
    ...checkScript(
      draft,
      { analysis, durationSec: clampDuration(task.durationSec), context },
      subjectLexicon(),
    ),
    ...checkVariantOverlap(draft, siblings),
  ];
}
