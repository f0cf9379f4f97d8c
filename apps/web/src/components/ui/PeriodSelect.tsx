import { Select } from './Field';

/** A screen's period choice beside its title (reports, supply chain): a labelled select of the periods offered. */
export function PeriodSelect<P extends string>({
  label,
  value,
  periods,
  periodLabel,
  onChange,
  testId,
}: {
  label: string;
  value: P;
  periods: readonly P[];
  periodLabel: (period: P) => string;
  onChange: (period: P) => void;
  testId: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-stone-700">
      {label}
      <Select
        value={value}
        onChange={(e) => onChange(e.target.value as P)}
        className="w-auto"
        data-testid={testId}
      >
        {periods.map((p) => (
          <option key={p} value={p}>
            {periodLabel(p)}
          </option>
        ))}
      </Select>
    </label>
  );
}
