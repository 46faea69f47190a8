import { type Persona, personaStreamEventSchemas } from '@app/contract';
import type { PersonaAnalyzeInput } from '@app/contract/generation';
import { readSse } from '@/lib/sse';

/**
 * POST /persona/analyze as a stream: `onDelta` receives the text as the generator writes it; the
 * promise resolves with the saved persona, or rejects with the server's Chinese message (an
 * SseError with status 422 when the credits are short, before anything is generated).
 */
export async function analyzePersona(
  input: PersonaAnalyzeInput,
  options: { signal?: AbortSignal; onDelta: (text: string) => void },
): Promise<Persona> {
  let persona: Persona | undefined;
  let failure: string | undefined;
  await readSse('/persona/analyze', {
    body: input,
    signal: options.signal,
    onEvent(event) {
      if (event.event === 'delta') {
        options.onDelta(personaStreamEventSchemas.delta.parse(JSON.parse(event.data)).text);
      } else if (event.event === 'persona') {
        persona = personaStreamEventSchemas.persona.parse(JSON.parse(event.data)).persona;
      } else if (event.event === 'error') {
        failure = personaStreamEventSchemas.error.parse(JSON.parse(event.data)).message;
      }
    },
  });
  if (failure) throw new Error(failure);
  if (!persona) throw new Error('连接中断了：分析可能仍在完成，请稍后到「我的人设」查看');
  return persona;
}
