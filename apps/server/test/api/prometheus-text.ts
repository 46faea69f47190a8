/**
 * A strict reader of the Prometheus text exposition format (0.0.4), for the metrics tests: every
 * line must be a HELP, a TYPE or a sample of a family declared before it, or the parse throws.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const HELP_LINE = new RegExp(`^# HELP (${NAME}) (.*)$`);
const TYPE_LINE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: (-?\\d+))?$`);
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(?:,|$)/;
// Prometheus reads values with Go's ParseFloat: NaN and Inf in any case (prom-client writes "Nan").
const VALUE = /^(?:[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+)|[+-]?inf(?:inity)?|nan)$/i;

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.length > 0) {
    const match = LABEL.exec(rest);
    if (!match) throw new Error(`bad labels in: ${line}`);
    const [whole, key, raw] = match as unknown as [string, string, string];
    if (key in labels) throw new Error(`label ${key} twice in: ${line}`);
    labels[key] = raw.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(whole.length);
  }
  return labels;
}

function familyOf(name: string, families: Map<string, Family>): Family | undefined {
  const exact = families.get(name);
  if (exact) return exact;
  const base = name.replace(/_(bucket|sum|count)$/, '');
  const family = families.get(base);
  if (!family) return undefined;
  if (family.type === 'histogram') return family;
  if (family.type === 'summary' && !name.endsWith('_bucket')) return family;
  return undefined;
}

export function parsePrometheusText(text: string): Map<string, Family> {
  if (!text.endsWith('\n')) throw new Error('exposition must end with a line break');
  const families = new Map<string, Family>();
  const helps = new Map<string, string>();
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    const help = HELP_LINE.exec(line);
    if (help) {
      helps.set(help[1]!, help[2]!);
      continue;
    }
    const type = TYPE_LINE.exec(line);
    if (type) {
      const name = type[1]!;
      if (families.has(name)) throw new Error(`TYPE of ${name} twice`);
      families.set(name, { type: type[2] as Family['type'], help: helps.get(name) ?? '', samples: [] });
      continue;
    }
    if (line.startsWith('#')) throw new Error(`unexpected comment: ${line}`);
    const sample = SAMPLE_LINE.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const [, name, labelText, value] = sample as unknown as [string, string, string | undefined, string];
    if (!VALUE.test(value)) throw new Error(`bad value in: ${line}`);
    const family = familyOf(name, families);
    if (!family) throw new Error(`sample of an undeclared family: ${line}`);
    const number = /nan/i.test(value)
      ? Number.NaN
      : /inf/i.test(value)
        ? (value.startsWith('-') ? -1 : 1) * Number.POSITIVE_INFINITY
        : Number(value);
    family.samples.push({ name, labels: parseLabels(labelText ?? '', line), value: number });
  }
  return families;
}

/** The value of the one sample with this name and (at least) these labels; undefined when none. */
export function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const matching = [...families.values()]
    .flatMap((f) => f.samples)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (matching.length > 1)
    throw new Error(`${matching.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return matching[0]?.value;
}
