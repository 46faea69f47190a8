import { scriptTemplateSchema, type TemplateId, type Twist } from '@app/contract/generation';
import { describe, expect, it } from 'vitest';
import { listTemplates } from './templates.ts';
import { clampDuration, planTwist } from './twist-plan.ts';

const TEMPLATE_IDS: TemplateId[] = ['koubo', 'juqing', 'daihuo', 'kepu', 'vlog', 'tandian'];
const TWISTS: Twist[] = ['none', 'light', 'strong'];

describe('listTemplates', () => {
  it('lists the six templates with their Chinese names and beats', () => {
    const templates = listTemplates();
    expect(templates.map((t) => t.name)).toEqual([
      '口播',
      '剧情反转',
      '带货种草',
      '知识科普',
      'Vlog',
      '探店',
    ]);
    for (const t of templates) {
      expect(scriptTemplateSchema.parse(t)).toEqual(t);
      expect(t.structure.length).toBeGreaterThanOrEqual(4);
    }
    expect(listTemplates()[0]?.structure[0]).toBe('黄金3秒钩子');
  });
});

describe('planTwist', () => {
  it('clamps the duration to 15..600 seconds', () => {
    expect(clampDuration(5)).toBe(15);
    expect(clampDuration(1000)).toBe(600);
    expect(clampDuration(Number.NaN)).toBe(15);
    expect(planTwist('koubo', 'none', 3).totalSec).toBe(15);
  });

  for (const templateId of TEMPLATE_IDS) {
    for (const twist of TWISTS) {
      it(`${templateId} × ${twist}: whole seconds that add up, scenes within limits`, () => {
        for (const duration of [15, 30, 60, 180, 600]) {
          const plan = planTwist(templateId, twist, duration);
          const beatSum = plan.beats.reduce((s, b) => s + b.durationSec, 0);
          expect(beatSum).toBe(duration);
          const scenes = plan.beats.flatMap((b) => b.sceneDurations);
          expect(scenes.reduce((s, d) => s + d, 0)).toBe(duration);
          expect(scenes.length).toBe(plan.sceneCount);
          expect(plan.sceneCount).toBeGreaterThanOrEqual(2);
          expect(plan.sceneCount).toBeLessThanOrEqual(20);
          for (const d of scenes) {
            expect(d).toBeGreaterThanOrEqual(1);
            expect(d).toBeLessThanOrEqual(120);
          }
          // Beats are contiguous: each starts where the previous one ended.
          plan.beats.forEach((b, i) => {
            const prev = plan.beats[i - 1];
            expect(b.startSec).toBe(prev ? prev.startSec + prev.durationSec : 0);
          });
          expect(plan.beats[0]?.role).toBe('hook');
          expect(plan.beats.at(-1)?.role).toBe('cta');
        }
      });
    }
  }

  it('none has no reversal and no setup', () => {
    const plan = planTwist('juqing', 'none', 60);
    expect(plan.reversals).toEqual([]);
    expect(plan.setup).toBeNull();
    expect(plan.beats.some((b) => b.role === 'reversal' || b.role === 'setup')).toBe(false);
  });

  it('light has one setup beat and one reversal at 70–80% of the video', () => {
    for (const duration of [15, 60, 180]) {
      const plan = planTwist('koubo', 'light', duration);
      expect(plan.reversals).toHaveLength(1);
      expect(plan.beats.filter((b) => b.role === 'setup')).toHaveLength(1);
      const at = (plan.reversals[0]?.atSec ?? 0) / duration;
      expect(at).toBeGreaterThanOrEqual(0.68);
      expect(at).toBeLessThanOrEqual(0.82);
      // The setup comes before the reversal it pays off.
      const setupIndex = plan.beats.findIndex((b) => b.role === 'setup');
      expect(setupIndex).toBeLessThan(plan.reversals[0]?.beatIndex ?? -1);
      expect(plan.setup).toContain('伏笔');
    }
  });

  it('strong misleads first, then reverses at 50–60% and again at 85–90%', () => {
    for (const duration of [15, 60, 180, 600]) {
      const plan = planTwist('juqing', 'strong', duration);
      expect(plan.reversals.map((r) => r.order)).toEqual([1, 2]);
      expect(plan.beats[1]?.key).toBe('mislead');
      const [first, second] = plan.reversals.map((r) => r.atSec / duration);
      expect(first).toBeGreaterThanOrEqual(0.5);
      expect(first).toBeLessThanOrEqual(0.6);
      expect(second).toBeGreaterThanOrEqual(0.85);
      expect(second).toBeLessThanOrEqual(0.9);
      expect(plan.setup).toContain('误导');
    }
  });

  it('drops optional beats when the video is too short for all of them', () => {
    const short = planTwist('juqing', 'strong', 15).beats.map((b) => b.key);
    const long = planTwist('juqing', 'strong', 120).beats.map((b) => b.key);
    expect(long).toContain('climax');
    expect(short).not.toContain('climax');
  });
});
