import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../lib/format';

/** R1.5k, not a rounded R2k: two ticks never read the same. */
const rands = (v: number) =>
  v >= 1000 ? `R${(v / 1000).toFixed(v % 1000 === 0 ? 0 : 1)}k` : `R${Math.round(v)}`;

/** Loaded only by the screens that chart (reports, analytics), through lazy(): the chart library stays out of the first load. */
export function BarsChart({
  data,
  valueKey,
  money,
  name,
  height = 240,
  second,
}: {
  data: { label: string }[];
  valueKey: string;
  money?: boolean;
  /** The series' name in the tooltip. */
  name: string;
  height?: number;
  /** A second series beside the first (cash out beside cash in), in a darker colour. */
  second?: { valueKey: string; name: string };
}) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} margin={{ top: 10, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e7e5e4" />
        <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={11} minTickGap={8} />
        <YAxis
          tickLine={false}
          axisLine={false}
          fontSize={11}
          width={money ? 52 : 32}
          allowDecimals={false}
          {...(money ? { tickFormatter: rands } : {})}
        />
        <Tooltip
          formatter={(v, key) => [
            money ? formatMoney(Number(v)) : String(v),
            second && key === second.valueKey ? second.name : name,
          ]}
        />
        <Bar dataKey={valueKey} fill="#ea580c" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        {second && (
          <Bar dataKey={second.valueKey} fill="#57534e" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        )}
      </BarChart>
    </ResponsiveContainer>
  );
}
