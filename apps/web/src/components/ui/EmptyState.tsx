import type { LucideIcon } from 'lucide-react';

export function EmptyState({
  icon: Icon,
  title,
  message,
  action,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  message?: string;
  action?: React.ReactNode;
  testId?: string | undefined;
}) {
  return (
    <div className="flex flex-col items-center px-6 py-10 text-center" data-testid={testId}>
      <span className="grid size-12 place-items-center rounded-full bg-stone-100 text-stone-400">
        <Icon aria-hidden className="size-6" />
      </span>
      <p className="mt-3 font-medium text-stone-900">{title}</p>
      {message && <p className="mt-1 max-w-sm text-sm text-stone-500">{message}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
