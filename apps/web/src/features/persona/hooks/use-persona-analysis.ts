import type { Persona } from '@app/contract';
import type { PersonaAnalyzeInput } from '@app/contract/generation';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isInsufficientCreditsError } from '@/components/insufficient-credits-notice';
import { queryKeys } from '@/lib/query-keys';
import { analyzePersona } from '../api/analyze-persona';

export type AnalysisState =
  | { status: 'idle' }
  | { status: 'streaming'; text: string }
  | { status: 'done'; text: string; persona: Persona }
  | { status: 'error'; text: string; message: string; insufficientCredits: boolean };

/**
 * One analysis at a time: its streamed text, then the persona or the reason it failed. Leaving
 * the screen stops reading the stream; the server still finishes and saves the persona.
 */
export function usePersonaAnalysis() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AnalysisState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (input: PersonaAnalyzeInput) => {
      controller.current?.abort();
      const ac = new AbortController();
      controller.current = ac;
      let text = '';
      setState({ status: 'streaming', text });
      try {
        const persona = await analyzePersona(input, {
          signal: ac.signal,
          onDelta: (piece) => {
            text += piece;
            setState({ status: 'streaming', text });
          },
        });
        if (ac.signal.aborted) return;
        setState({ status: 'done', text, persona });
      } catch (error) {
        if (ac.signal.aborted) return;
        setState({
          status: 'error',
          text,
          message: error instanceof Error ? error.message : String(error),
          insufficientCredits: isInsufficientCreditsError(error),
        });
      } finally {
        if (!ac.signal.aborted) {
          // Credits moved and a persona may have been saved, whatever the outcome.
          void queryClient.invalidateQueries({ queryKey: queryKeys.personas });
          void queryClient.invalidateQueries({ queryKey: queryKeys.limit });
        }
      }
    },
    [queryClient],
  );

  /** Shows a persona that changed elsewhere (e.g. made the default) in place of the result. */
  const replacePersona = useCallback((persona: Persona) => {
    setState((s) => (s.status === 'done' ? { ...s, persona } : s));
  }, []);

  return { state, start, replacePersona };
}
