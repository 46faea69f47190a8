import type { PersonaRadar as RadarScores } from '@app/contract/generation';

/** The five scores in the order they go round the chart, clockwise from the top. */
export const RADAR_AXES = ['专业度', '亲和力', '娱乐性', '稀缺性', '转化力'] as const;

const RINGS = [25, 50, 75, 100];
const RADIUS = 80;
const CENTER = 120;

function point(axis: number, value: number): [number, number] {
  const angle = -Math.PI / 2 + (axis * 2 * Math.PI) / RADAR_AXES.length;
  const r = (Math.max(0, Math.min(100, value)) / 100) * RADIUS;
  return [CENTER + r * Math.cos(angle), CENTER + r * Math.sin(angle)];
}

const polygon = (values: number[]) =>
  values
    .map((v, i) => point(i, v))
    .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`)
    .join(' ');

/**
 * A hand-drawn SVG radar of the persona's five scores (0–100): no chart library to load for five
 * numbers, sharp at any size, and readable by screen readers through its label.
 */
export function PersonaRadar({
  radar,
  size = 300,
  compact = false,
}: {
  radar: RadarScores;
  size?: number;
  /** A thumbnail: the shape only, no axis labels (they would be too small to read). */
  compact?: boolean;
}) {
  const values = RADAR_AXES.map((axis) => radar[axis]);
  const label = `五维评分：${RADAR_AXES.map((axis) => `${axis} ${radar[axis]}`).join('，')}`;
  return (
    <svg
      viewBox={compact ? '36 36 168 168' : '-32 0 304 240'}
      width="100%"
      style={{ maxWidth: size, display: 'block', margin: '0 auto' }}
      role="img"
      aria-label={label}
      data-testid="persona-radar"
    >
      <title>{label}</title>
      {RINGS.map((ring) => (
        <polygon
          key={ring}
          points={polygon(RADAR_AXES.map(() => ring))}
          fill={ring === 100 ? '#faf9ff' : 'none'}
          stroke="#e4e0f5"
          strokeWidth={1}
        />
      ))}
      {RADAR_AXES.map((axis, i) => {
        const [x, y] = point(i, 100);
        return <line key={axis} x1={CENTER} y1={CENTER} x2={x} y2={y} stroke="#e4e0f5" strokeWidth={1} />;
      })}
      <polygon
        points={polygon(values)}
        fill="var(--color-primary)"
        fillOpacity={0.22}
        stroke="var(--color-primary)"
        strokeWidth={2}
        strokeLinejoin="round"
      />
      {values.map((v, i) => {
        const [x, y] = point(i, v);
        return <circle key={RADAR_AXES[i]} cx={x} cy={y} r={3.2} fill="var(--color-primary)" />;
      })}
      {(compact ? [] : RADAR_AXES).map((axis, i) => {
        const [x, y] = point(i, 120);
        const anchor = Math.abs(x - CENTER) < 4 ? 'middle' : x > CENTER ? 'start' : 'end';
        return (
          <text
            key={axis}
            x={x}
            y={y}
            textAnchor={anchor}
            dominantBaseline="middle"
            fontSize={12}
            fill="#5b5870"
          >
            {axis}
            <tspan fontWeight={600} fill="var(--color-primary)" dx={4}>
              {radar[axis]}
            </tspan>
          </text>
        );
      })}
    </svg>
  );
}
