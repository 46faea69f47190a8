/** Points of a radar (spider) chart: axis i points up at i = 0 and goes clockwise. */
export function radarPoint(i: number, count: number, radius: number, cx: number, cy: number) {
  const angle = -Math.PI / 2 + (2 * Math.PI * i) / count;
  return { x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle) };
}

/** An SVG points attribute for values in [0, 100]. */
export function radarPolygon(values: readonly number[], radius: number, cx: number, cy: number): string {
  return values
    .map((v, i) => {
      const p = radarPoint(i, values.length, (radius * Math.max(0, Math.min(100, v))) / 100, cx, cy);
      return `${p.x.toFixed(1)},${p.y.toFixed(1)}`;
    })
    .join(' ');
}
