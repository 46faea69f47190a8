import { sentencesOf } from '../../analysis/spoken.ts';
import { FRAMES } from './compose-context.ts';

// "举个例子：", "落到行动上：": a frame's words before a colon, ahead of a whole sentence.
const LEAD_IN = /^([^{}：:，,。！？]{2,8})[：:]/;

function leadInsOf(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') {
    const leadIn = LEAD_IN.exec(value)?.[1];
    if (leadIn) into.add(leadIn);
  } else if (Array.isArray(value)) for (const v of value) leadInsOf(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) leadInsOf(v, into);
  return into;
}

// Pictures are not spoken; story dialogue ("林姐：") never comes from a frame, so it is never touched.
const { visuals: _pictures, ...spoken } = FRAMES;
const FRAME_LEAD_INS = leadInsOf(spoken, new Set());

/**
 * A long script cycles through a frame group and says "落到行动上：" a second time, which reads as a
 * template. The second time a lead-in comes, the sentence after it stands on its own without it.
 */
export function dropRepeatedLeadIns(fitted: string[][]): string[][] {
  const said = new Set<string>();
  return fitted.map((beat) =>
    beat.map((text) =>
      sentencesOf(text)
        .map((sentence) => {
          const leadIn = LEAD_IN.exec(sentence)?.[1];
          if (!leadIn || !FRAME_LEAD_INS.has(leadIn)) return sentence;
          if (!said.has(leadIn)) {
            said.add(leadIn);
            return sentence;
          }
          return sentence.slice(leadIn.length + 1);
        })
        .join(''),
    ),
  );
}
