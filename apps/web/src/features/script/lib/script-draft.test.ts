import type { Script } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { durationFit, isDirty, toEditable, toEdits, validateDraft } from './script-draft';

const script: Script = {
  id: 's1',
  generationId: 'g1',
  variantIndex: 0,
  title: '三分钟早餐',
  hook: '你每天省下的十分钟，都花在了这里。',
  scenes: [
    { shot: '近景', visual: '闹钟响起', line: '又起晚了？', durationSec: 5 },
    { shot: '中景', visual: '三样食材', line: '只要三样。', durationSec: 25 },
  ],
  twist: null,
  cta: '关注我',
  tags: ['早餐', '上班族'],
  coverText: '三分钟早餐',
  findings: [],
  confirmed: false,
  confirmedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('script drafts', () => {
  it('round-trips a script without keys and is clean until changed', () => {
    const draft = toEditable(script);
    expect(toEdits(draft).scenes).toEqual(script.scenes);
    expect(isDirty(draft, script)).toBe(false);
    const moved = { ...draft, scenes: [draft.scenes[1]!, draft.scenes[0]!] };
    expect(isDirty(moved, script)).toBe(true);
  });

  it('names the scene and the field of a problem, in Chinese', () => {
    const draft = toEditable(script);
    draft.scenes[1] = { ...draft.scenes[1]!, visual: '', durationSec: 0 };
    const result = validateDraft(draft);
    expect('problems' in result && result.problems).toEqual([
      '第 2 个镜头：画面不能为空',
      '第 2 个镜头：镜头时长至少 1 秒',
    ]);
    const one = validateDraft({ ...toEditable(script), scenes: [toEditable(script).scenes[0]!] });
    expect('problems' in one && one.problems).toEqual(['分镜至少 2 个']);
  });

  it('tells whether the total fits the target within 20%', () => {
    expect(durationFit(60, 60)).toBe('fits');
    expect(durationFit(47, 60)).toBe('short');
    expect(durationFit(73, 60)).toBe('long');
  });
});
