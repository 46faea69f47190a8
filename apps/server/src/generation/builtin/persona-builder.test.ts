import { personaAnalyzeInputSchema } from '@app/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BuiltinProvider } from './builtin-provider.ts';
import { clipText, fitLabel } from './fit-text.ts';

const provider = new BuiltinProvider();
/** No lone surrogate: UTF-8 would turn it into U+FFFD. */
const wellFormed = (s: string) => Buffer.from(s, 'utf8').toString('utf8') === s;

/** Text as creators type it: ASCII words, Chinese, emoji (surrogate pairs), punctuation. */
const typed = (min: number, max: number) =>
  fc.oneof(
    fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' }),
    fc.string({
      minLength: min,
      maxLength: max,
      unit: fc.constantFrom(
        '美',
        '食',
        '职场',
        '😀',
        ' ',
        '，',
        '3',
        '年',
        '妈妈',
        'HR',
        '日常',
        '?',
        '涨粉',
      ),
    }),
    fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }),
  );

const validInput = fc
  .record({
    platform: fc.constantFrom('douyin', 'kuaishou', 'xiaohongshu', 'shipinhao'),
    accountName: typed(1, 30),
    niche: typed(1, 30),
    bio: fc.option(typed(0, 200), { nil: undefined }),
    recentTitles: fc.array(typed(1, 60), { maxLength: 10 }),
    goal: typed(1, 100),
    followers: fc.option(fc.nat(), { nil: undefined }),
  })
  .map((x) => personaAnalyzeInputSchema.safeParse(x))
  .filter((r) => r.success)
  .map((r) => r.data as NonNullable<typeof r.data>);

describe('persona builder', () => {
  it('drafts a valid persona with distinct, whole tags for any valid input', async () => {
    await fc.assert(
      fc.asyncProperty(validInput, fc.nat(20), async (input, seed) => {
        // analyzePersona validates its draft against the contract and throws when it does not fit.
        const { tags } = await provider.analyzePersona(input, { seed });
        expect(new Set(tags).size).toBe(tags.length);
        expect(tags.length).toBeGreaterThanOrEqual(3);
        for (const tag of tags) expect(wellFormed(tag)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it.each([21, 25, 30])('keeps distinct tags for an ASCII niche of %i characters', async (length) => {
    const niche = 'abcdefghijklmnopqrstuvwxyz0123456789'.slice(0, length);
    const { tags } = await provider.analyzePersona({
      platform: 'douyin',
      accountName: 'acct',
      niche,
      recentTitles: [],
      goal: 'grow',
    });
    expect(tags.every((t) => t.length <= 20)).toBe(true);
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('cuts text without leaving half a surrogate pair, and labels at a word break', () => {
    expect(clipText('ab😀', 3)).toBe('ab');
    expect(clipText('  ab  ', 10)).toBe('ab');
    expect(fitLabel('python programming tutorials', 20)).toBe('python programming');
    expect(fitLabel('abcdefghijklmnopqrstuvwxyz', 20)).toBe('abcdefghijklmnopqrst');
    expect(fitLabel(`${'a'.repeat(19)}😀b`, 20)).toBe('a'.repeat(19));
  });
});
