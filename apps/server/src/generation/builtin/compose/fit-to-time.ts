import type { Scene } from '@app/contract/generation';
import { MAX_RATE, SPOKEN_RATE, spokenLength } from '../../analysis/spoken.ts';
import { timeLines } from '../../analysis/timing.ts';
import type { PlanBeat } from '../../templates/twist-plan.ts';

/** One thing to say, in the ways it can be said: the fullest first, shorter ones for short videos. */
export type Forms = string[];

/** What a template writes for one beat of the plan, before it is fitted to the time the beat has. */
export interface BeatText {
  beat: PlanBeat;
  /** Said whatever the length; shortened to a shorter form when the video is short. */
  core: Forms[];
  /** Said, in order, while the video still has time for them. */
  extras: Forms[];
  /** Pictures for the beat's scenes, used in turn. */
  visuals: string[];
  /** Each core piece gets a scene of its own (the items of a list, each with its picture). */
  pieceScenes?: boolean;
  /** Shortened only after everything else: the price and who it is for, the call to action. */
  keep?: boolean;
}

interface Chosen {
  forms: Forms;
  at: number;
}

const lengthOf = (c: Chosen) => spokenLength(c.forms[c.at] ?? '');

/**
 * Fits what the beats say into the asked length: shortens the core where the video is too short
 * for it, then adds extras where a beat is short of its share, and never more than the video can
 * carry at a natural pace. Returns each beat's sentences.
 */
export function fitBeats(beats: BeatText[], totalSec: number): string[][] {
  const target = totalSec * SPOKEN_RATE;
  // Whole seconds per line round up: a short video keeps a wider margin below the fastest pace.
  const ceiling = totalSec * (totalSec <= 20 ? SPOKEN_RATE : MAX_RATE - 0.25);
  const cores: Chosen[][] = beats.map((b) =>
    b.core.filter((f) => f.length > 0).map((forms) => ({ forms, at: 0 })),
  );
  const added: Chosen[][] = beats.map(() => []);
  const total = () => [...cores, ...added].flat().reduce((s, c) => s + lengthOf(c), 0);

  // Too much to say: first leave out what may go (a case, a bridge), latest beats first, then
  // shorten the rest evenly, the longest piece first, so list items stay alike.
  let length = total();
  const droppable = cores
    .flatMap((row, i) => row.map((c) => ({ c, i })))
    .filter(({ c }) => c.forms[c.forms.length - 1] === '')
    .reverse();
  for (const { c } of droppable) {
    if (length <= ceiling) break;
    length -= lengthOf(c);
    c.at = c.forms.length - 1;
  }
  while (length > ceiling) {
    const shortenable = cores.flatMap((row, i) =>
      row
        .filter((c) => c.forms[c.at + 1] !== undefined && c.forms[c.at + 1] !== '')
        .map((c) => ({ c, list: beats[i]?.pieceScenes === true, keep: beats[i]?.keep === true })),
    );
    // What the video is for goes last: first the hook, the call to action and the twist lines, then
    // the items of a list, then the price and the call to buy.
    const rank = (x: { list: boolean; keep: boolean }) => (x.keep ? 2 : x.list ? 1 : 0);
    const first = Math.min(...shortenable.map(rank));
    const candidates = shortenable.filter((x) => rank(x) === first);
    if (candidates.length === 0) break;
    // A list is shortened from its end: the first items keep their explanation and the last are
    // only named, the way a creator says "剩下几件快速过一下" when time runs short.
    const pick = candidates[0]?.list
      ? candidates.filter((x) => x.c.at === Math.min(...candidates.map((y) => y.c.at))).at(-1)
      : candidates.reduce((a, b) => (lengthOf(b.c) > lengthOf(a.c) ? b : a));
    if (!pick) break;
    const before = lengthOf(pick.c);
    pick.c.at++;
    length -= before - lengthOf(pick.c);
  }

  // Time left: the beat furthest below its share speaks next, if what it would add still fits.
  const queues = beats.map((b) => [...b.extras]);
  const beatLength = (i: number) =>
    [...(cores[i] ?? []), ...(added[i] ?? [])].reduce((s, c) => s + lengthOf(c), 0);
  const share = (i: number) => (beats[i]?.beat.durationSec ?? 0) * SPOKEN_RATE;
  while (length < target) {
    const open = queues.map((q, i) => ({ i, q })).filter(({ q }) => q.length > 0);
    if (open.length === 0) break;
    open.sort((a, b) => beatLength(a.i) / share(a.i) - beatLength(b.i) / share(b.i));
    const { i, q } = open[0] as { i: number; q: Forms[] };
    const forms = q.shift() as Forms;
    const at = forms.findIndex((f) => length + spokenLength(f) <= ceiling);
    if (at < 0) continue;
    added[i]?.push({ forms, at });
    length += spokenLength(forms[at] ?? '');
  }
  return beats.map((_, i) =>
    [...(cores[i] ?? []), ...(added[i] ?? [])].map((c) => c.forms[c.at] ?? '').filter((s) => s.length > 0),
  );
}

/** Cuts a beat's sentences into at most `count` scenes of about equal length, in order. */
export function splitIntoScenes(sentences: string[], count: number): string[] {
  const n = Math.max(1, Math.min(count, sentences.length));
  const total = sentences.reduce((s, x) => s + spokenLength(x), 0);
  const scenes: string[] = [];
  let current = '';
  let done = 0;
  sentences.forEach((sentence, k) => {
    current += sentence;
    done += spokenLength(sentence);
    const left = sentences.length - k - 1;
    const scenesLeft = n - scenes.length - 1;
    // Close the scene once it has its share, or when every remaining sentence must start a scene.
    if (scenesLeft > 0 && (done >= (total * (scenes.length + 1)) / n || left === scenesLeft)) {
      scenes.push(current);
      current = '';
    }
  });
  if (current) scenes.push(current);
  return scenes;
}

/** The beat's k-th picture, or the next one along when it would repeat the scene before. */
function freshVisual(visuals: string[], k: number, previous: string | undefined): string {
  const n = visuals.length;
  for (let step = 0; step < n; step++) {
    const v = visuals[(k + step) % n] ?? '';
    if (v !== previous) return v;
  }
  return visuals[k % Math.max(1, n)] ?? '';
}

const MAX_SCENES = 20;
/** Longer than this a single shot drags: a beat gets more scenes rather than longer ones. */
const MAX_SCENE_CHARS = 12 * SPOKEN_RATE;

/** The scenes of a script from its fitted beats (lines, pictures, framing, time), and each scene's beat. */
export function toScenes(
  beats: BeatText[],
  fitted: string[][],
  totalSec: number,
  pickShot: (beat: PlanBeat, visual: string, previous: string) => string,
): { scenes: Scene[]; beatOf: number[] } {
  const drafts: Array<{ beat: number; line: string; visual: string }> = [];
  beats.forEach((b, i) => {
    const said = fitted[i] ?? [];
    const chars = said.reduce((s, x) => s + spokenLength(x), 0);
    const count = Math.max(b.beat.sceneDurations.length, Math.ceil(chars / MAX_SCENE_CHARS));
    const scenes = b.pieceScenes ? said : splitIntoScenes(said, count);
    scenes.forEach((line, k) => {
      if (spokenLength(line) === 0) return;
      drafts.push({ beat: i, line, visual: freshVisual(b.visuals, k, drafts.at(-1)?.visual) });
    });
  });
  // The contract allows 20 scenes: the shortest neighbours of one beat become one scene.
  const mergeCost = (i: number) => {
    const [a, b] = [drafts[i], drafts[i + 1]];
    if (!a || !b) return Number.POSITIVE_INFINITY;
    return spokenLength(a.line) + spokenLength(b.line) + (a.beat === b.beat ? 0 : 1000);
  };
  while (drafts.length > MAX_SCENES) {
    let best = 0;
    for (let i = 1; i + 1 < drafts.length; i++) if (mergeCost(i) < mergeCost(best)) best = i;
    const [a, b] = [drafts[best], drafts[best + 1]];
    if (!a || !b) break;
    drafts.splice(best, 2, { ...a, line: a.line + b.line });
  }
  const secs = timeLines(
    drafts.map((d) => d.line),
    totalSec,
  );
  let previous = '';
  const scenes = drafts.map((d, i) => {
    const beat = beats[d.beat]?.beat as PlanBeat;
    const shot = pickShot(beat, d.visual, previous);
    previous = shot;
    return { shot, visual: d.visual, line: d.line, durationSec: secs[i] ?? 1 };
  });
  return { scenes, beatOf: drafts.map((d) => d.beat) };
}
