import type { SuggestResult } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const suggestImprovements = (scriptId: string) =>
  api.post<SuggestResult>('/suggest/gen', { kind: 'improve', scriptId, count: 5 });

export const suggestTopics = (input: { personaId?: string; topic?: string }) =>
  api.post<SuggestResult>('/suggest/gen', { kind: 'topics', count: 6, ...input });

/** Improvement ideas for a stored script. */
export const useSuggestImprovements = () => useMutation({ mutationFn: suggestImprovements });

/** Topic ideas from the persona (and the topic typed so far, if any). */
export const useSuggestTopics = () => useMutation({ mutationFn: suggestTopics });
