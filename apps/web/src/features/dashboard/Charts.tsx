import type { OrderStatus } from '@tt/domain';
import { formatMoney } from '../../lib/format';
import { statusColours } from '../../components/ui/OrderStatusBadge';

/**
 * The dashboard's two charts, drawn as plain SVG (issue 9: on a cheap phone the chart library was the
 * dashboard's largest script, 350 KB to parse and run before the first chart showed). Each point and slice
 * carries its figure as a native tooltip (<title>); the figures are also in the cards beside the charts.
 */

/** A round upper bound for the revenue axis: 1, 2 or 5 times a power of ten, at least the largest value. */
function axisMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].map((m) => m * power).find((m) => m >= value) ?? 10 * power) as number;
}

const rand = (v: number) => (v >= 1000 ? `R${Math.round(v / 1000)}k` : `R${v}`);

/** Revenue per month as an area chart, 240 px high, as wide as its card. */
export function RevenueChart({ data }: { data: { label: string; value: number }[] }) {
  const max = axisMax(Math.max(0, ...data.map((d) => d.value)));
  const ticks = [1, 0.75, 0.5, 0.25, 0].map((f) => f * max);
  // The plot is a 100 x 100 box stretched over its area; lines keep their width (non-scaling-stroke).
  const x = (i: number) => (data.length > 1 ? (i / (data.length - 1)) * 100 : 50);
  const y = (v: number) => 100 - (v / max) * 100;
  const line = data.map((d, i) => `${i ? 'L' : 'M'}${x(i)},${y(d.value)}`).join(' ');
  const area = data.length ? `${line} L${x(data.length - 1)},100 L${x(0)},100 Z` : '';
  return (
    <div className="flex h-60 flex-col text-stone-600">
      <div className="flex min-h-0 flex-1">
        <div className="relative w-13 shrink-0 text-right text-[11px]" aria-hidden="true">
          {ticks.map((t, i) => (
            <span
              key={t}
              className="absolute right-2 -translate-y-1/2"
              style={{ top: `${(i / (ticks.length - 1)) * 100}%` }}
            >
              {rand(t)}
            </span>
          ))}
        </div>
        <svg
          className="h-full min-w-0 flex-1 overflow-visible"
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          role="img"
          aria-label={data.map((d) => `${d.label}: ${formatMoney(d.value)}`).join(', ')}
        >
          <defs>
            <linearGradient id="revenue" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="#f97316" stopOpacity={0.35} />
              <stop offset="100%" stopColor="#f97316" stopOpacity={0} />
            </linearGradient>
          </defs>
          {ticks.map((t) => (
            <line
              key={t}
              x1={0}
              x2={100}
              y1={y(t)}
              y2={y(t)}
              stroke="#e7e5e4"
              strokeDasharray="3 3"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <path d={area} fill="url(#revenue)" />
          <path d={line} fill="none" stroke="#ea580c" strokeWidth={2} vectorEffect="non-scaling-stroke" />
          {data.map((d, i) => (
            <line
              key={d.label}
              x1={x(i)}
              x2={x(i)}
              y1={y(d.value)}
              y2={y(d.value)}
              stroke="#ea580c"
              strokeWidth={6}
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            >
              <title>{`${d.label}: ${formatMoney(d.value)}`}</title>
            </line>
          ))}
        </svg>
      </div>
      <div className="flex justify-between pt-1 pl-13 text-xs" aria-hidden="true">
        {data.map((d) => (
          <span key={d.label}>{d.label}</span>
        ))}
      </div>
    </div>
  );
}

/** Orders by status as a ring, 200 px high. */
export function StatusPie({ data }: { data: { status: OrderStatus; label: string; count: number }[] }) {
  const total = data.reduce((sum, d) => sum + d.count, 0);
  const outer = 80;
  const inner = 50;
  // A small gap between slices, as an angle (none when one status has every order).
  const gap = data.length > 1 ? 0.035 : 0;
  const point = (radius: number, angle: number) =>
    `${(100 + radius * Math.sin(angle)).toFixed(2)},${(100 - radius * Math.cos(angle)).toFixed(2)}`;
  let start = 0;
  const slices = data.map((d) => {
    const sweep = total ? (d.count / total) * 2 * Math.PI : 0;
    const from = start + gap / 2;
    const to = start + sweep - gap / 2;
    start += sweep;
    // A full ring cannot be one arc: draw it as two halves.
    const full = sweep >= 2 * Math.PI - 1e-9;
    const large = to - from > Math.PI ? 1 : 0;
    const path = full
      ? `M${point(outer, 0)} A${outer},${outer} 0 1 1 ${point(outer, Math.PI)} A${outer},${outer} 0 1 1 ${point(outer, 0)} ` +
        `M${point(inner, 0)} A${inner},${inner} 0 1 0 ${point(inner, Math.PI)} A${inner},${inner} 0 1 0 ${point(inner, 0)} Z`
      : `M${point(outer, from)} A${outer},${outer} 0 ${large} 1 ${point(outer, to)} ` +
        `L${point(inner, to)} A${inner},${inner} 0 ${large} 0 ${point(inner, from)} Z`;
    return { ...d, path, empty: sweep <= gap };
  });
  return (
    <svg
      className="mx-auto block h-50 w-50"
      viewBox="0 0 200 200"
      role="img"
      aria-label={data.map((d) => `${d.label}: ${d.count}`).join(', ')}
    >
      {slices
        .filter((s) => !s.empty)
        .map((s) => (
          <path key={s.status} d={s.path} fill={statusColours[s.status]} fillRule="evenodd">
            <title>{`${s.label}: ${s.count}`}</title>
          </path>
        ))}
    </svg>
  );
}
