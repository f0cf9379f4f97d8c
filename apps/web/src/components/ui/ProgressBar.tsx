import { cn } from './cn';

export type ProgressTone = 'brand' | 'green' | 'yellow' | 'red' | 'blue';

const fills: Record<ProgressTone, string> = {
  brand: 'bg-brand-500',
  green: 'bg-green-500',
  yellow: 'bg-yellow-400',
  red: 'bg-red-500',
  blue: 'bg-blue-500',
};

/** A bar for a share already worked out (0-100) by the domain's rule; it never draws past full. */
export function ProgressBar({
  percent,
  label,
  tone = 'brand',
  className,
  testId,
}: {
  percent: number;
  /** What the bar measures, for screen readers. */
  label: string;
  tone?: ProgressTone;
  className?: string;
  testId?: string;
}) {
  const width = Math.max(0, Math.min(100, percent));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(width)}
      data-testid={testId}
      data-tone={tone}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-stone-100', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width]', fills[tone])}
        style={{ width: `${width}%` }}
      />
    </div>
  );
}
