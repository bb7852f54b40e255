/** A bar per period, stacked by series (e.g. per API key), drawn as plain SVG. */
export interface Bar {
  label: string;
  parts: { series: string; value: number }[];
}

const COLORS = ['#0f766e', '#2563eb', '#d97706', '#9333ea', '#dc2626', '#0891b2', '#65a30d', '#db2777'];
const W = 640;
const H = 240;
const PAD = { top: 16, right: 12, bottom: 28, left: 56 };

export function BarChart({ bars, unit, legend, testId }: { bars: Bar[]; unit: string; legend: boolean; testId?: string }) {
  const series = [...new Set(bars.flatMap((b) => b.parts.map((p) => p.series)))];
  const color = (s: string) => COLORS[series.indexOf(s) % COLORS.length]!;
  const totals = bars.map((b) => b.parts.reduce((n, p) => n + p.value, 0));
  const max = niceMax(Math.max(1, ...totals));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, bars.length);
  const barW = Math.min(48, slot * 0.6);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);

  return (
    <figure class="chart" data-testid={testId}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${unit} per month`}>
        {ticks.map((t) => (
          <g>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} class="grid" />
            <text x={PAD.left - 6} y={y(t) + 4} text-anchor="end" class="axis">
              {compact(t)}
            </text>
          </g>
        ))}
        {bars.map((b, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          let base = 0;
          return (
            <g>
              {b.parts.map((p) => {
                const top = y(base + p.value);
                const h = y(base) - top;
                base += p.value;
                return (
                  <rect x={x} y={top} width={barW} height={Math.max(0, h)} fill={color(p.series)}>
                    <title>{`${b.label} · ${p.series}: ${p.value.toLocaleString()} ${unit}`}</title>
                  </rect>
                );
              })}
              <text x={x + barW / 2} y={y(totals[i]!) - 4} text-anchor="middle" class="value">
                {compact(totals[i]!)}
              </text>
              <text x={x + barW / 2} y={H - 8} text-anchor="middle" class="axis">
                {b.label}
              </text>
            </g>
          );
        })}
      </svg>
      {legend && (
        <figcaption class="legend">
          {series.map((s) => (
            <span>
              <i style={{ background: color(s) }} /> {s}
            </span>
          ))}
        </figcaption>
      )}
    </figure>
  );
}

function niceMax(v: number): number {
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

function compact(v: number): string {
  return Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(v);
}
