import type { ScriptTask } from '../generation-provider.ts';
import { knowledge } from '../knowledge/load-knowledge.ts';
import { analyzeTopic, type TopicAnalysis } from './topic-analysis.ts';

/** The topic of a script request, read with what the persona and the extra notes say about the field. */
export function analyzeScriptTopic(task: Pick<ScriptTask, 'topic' | 'persona' | 'extra'>): TopicAnalysis {
  const persona = task.persona;
  const context = [persona?.tags.join(' '), persona?.positioning, task.extra].filter(Boolean).join(' ');
  return analyzeTopic(task.topic, knowledge(), context ? { context } : {});
}
