/** SPEC §4/§9: 232832 creators (200 ms delay, 2 s) and 567899999 scripts (500 ms delay, 3 s). */
export const homeCounters = [
  { target: 232832, label: '已服务创作者', delayMs: 200, durationMs: 2000, testId: 'counter-creators' },
  { target: 567899999, label: '已创作脚本', delayMs: 500, durationMs: 3000, testId: 'counter-scripts' },
] as const;
