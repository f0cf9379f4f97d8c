import type { LucideIcon } from 'lucide-react';
import { Card } from './Card';
import { cn } from './cn';

export function StatCard({
  label,
  value,
  icon: Icon,
  hint,
  tone = 'bg-brand-100 text-brand-700',
}: {
  label: string;
  value: string;
  icon: LucideIcon;
  hint?: React.ReactNode;
  tone?: string;
}) {
  return (
    <Card className="p-3 sm:p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 text-xs font-medium break-words text-stone-500 sm:text-sm">{label}</p>
        <span className={cn('grid size-8 shrink-0 place-items-center rounded-lg sm:size-9', tone)}>
          <Icon aria-hidden className="size-4 sm:size-5" />
        </span>
      </div>
      {/* The whole width for the figure: a rand amount never breaks across lines. */}
      <p className="mt-1 text-lg font-bold whitespace-nowrap text-stone-900 tabular-nums sm:text-2xl">
        {value}
      </p>
      {hint && <div className="mt-1 text-xs text-stone-500">{hint}</div>}
    </Card>
  );
}
