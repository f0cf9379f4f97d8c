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
    <Card className="p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-xs font-medium text-stone-500 sm:text-sm">{label}</p>
          <p className="mt-1 text-lg font-bold break-words text-stone-900 tabular-nums sm:text-2xl">
            {value}
          </p>
        </div>
        <span className={cn('grid size-9 shrink-0 place-items-center rounded-lg', tone)}>
          <Icon aria-hidden className="size-5" />
        </span>
      </div>
      {hint && <div className="mt-2 text-xs text-stone-500">{hint}</div>}
    </Card>
  );
}
