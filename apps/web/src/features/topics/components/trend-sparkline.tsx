/**
 * A tiny line of the last days' heat. Plain SVG: a list of 50 rows must not load a chart library.
 * Rising ends red (热度上升, as Chinese lists colour it), falling grey.
 */
export function TrendSparkline({
  values,
  width = 88,
  height = 28,
}: {
  values: number[];
  width?: number;
  height?: number;
}) {
  if (values.length < 2) return <span className="trend-sparkline trend-sparkline--flat" aria-hidden="true" />;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const pad = 3;
  const points = values.map((v, i) => {
    const x = pad + (i * (width - 2 * pad)) / (values.length - 1);
    const y = height - pad - ((v - min) * (height - 2 * pad)) / span;
    return [x, y] as const;
  });
  const first = values[0] ?? 0;
  const last = values.at(-1) ?? 0;
  const rising = last >= first;
  const color = rising ? '#f5222d' : '#9a97ad';
  const [endX, endY] = points.at(-1) ?? [0, 0];
  const change = first > 0 ? Math.round(((last - first) / first) * 100) : 0;
  return (
    <svg
      className="trend-sparkline"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`近${values.length}天热度${rising ? '上升' : '下降'} ${Math.abs(change)}%`}
    >
      <polyline
        points={points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}
        fill="none"
        stroke={color}
        strokeWidth="1.8"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <circle cx={endX} cy={endY} r="2.4" fill={color} />
    </svg>
  );
}
