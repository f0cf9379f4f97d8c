import { Loader2 } from 'lucide-react';
import { cn } from './cn';

/** A screen's loading state; `compact` for a part of a dialog, where a screen-high block would push the rest away. */
export function Loading({ label, compact = false }: { label: string; compact?: boolean }) {
  return (
    <div
      role="status"
      className={cn(
        'flex items-center justify-center gap-2 text-stone-500',
        compact ? 'py-6' : 'min-h-[40vh]',
      )}
    >
      <Loader2 aria-hidden className="size-5 animate-spin" />
      <span>{label}</span>
    </div>
  );
}
