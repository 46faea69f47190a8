import type { PersonaDraft, ScriptDraft, Suggestion } from '@app/contract/generation';

/** The readable text the builtin streams while it "writes": what a person would read, never JSON. */

export function personaText(p: PersonaDraft): string {
  const radar = Object.entries(p.radar)
    .map(([k, v]) => `${k} ${v}`)
    .join('｜');
  return [
    `人设名称：${p.name}`,
    `定位：${p.positioning}`,
    `目标受众：${p.audience}`,
    `人设标签：${p.tags.join(' / ')}`,
    `语气风格：${p.tone}`,
    '内容支柱：',
    ...p.pillars.map((x, i) => `${i + 1}. ${x}`),
    '标题公式：',
    ...p.titleFormulas.map((x, i) => `${i + 1}. ${x}`),
    `变现路径：${p.monetization}`,
    `能力雷达：${radar}`,
  ].join('\n');
}

export function scriptText(s: ScriptDraft): string {
  const scenes = s.scenes.flatMap((scene, i) => [
    `【镜头${i + 1}｜${scene.shot}｜${scene.durationSec}秒】`,
    `画面：${scene.visual}`,
    `台词：${scene.line || '（无台词）'}`,
  ]);
  return [
    `标题：${s.title}`,
    `封面文字：${s.coverText}`,
    `开场钩子：${s.hook}`,
    '',
    ...scenes,
    '',
    ...(s.twist ? [`反转设计：${s.twist}`] : []),
    `结尾引导：${s.cta}`,
    `话题：${s.tags.map((t) => `#${t}`).join(' ')}`,
  ].join('\n');
}

export function suggestionsText(items: Suggestion[]): string {
  return items.map((s, i) => `${i + 1}. ${s.text}\n   理由：${s.reason}`).join('\n');
}
