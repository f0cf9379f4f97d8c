import { useEffect, useRef } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';
import type { LucideIcon } from 'lucide-react';
import { cn } from './cn';
import { useQueryChoice } from '../../lib/query-params';

export interface TabItem<T extends string> {
  value: T;
  label: string;
  icon?: LucideIcon;
  /** A count shown beside the label. */
  count?: number;
}

/**
 * Radix tabs with the chosen tab in the URL (`?tab=`), so back, refresh and shared links keep it.
 * The list scrolls sideways on a narrow phone rather than squeezing the labels.
 */
export function Tabs<T extends string>({
  items,
  value,
  onValueChange,
  label,
  children,
  className,
}: {
  items: readonly TabItem<T>[];
  value: T;
  onValueChange: (value: T) => void;
  /** The accessible name of the tab list. */
  label: string;
  children: React.ReactNode;
  className?: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  // The labels and counts decide the tabs' widths: a count that arrives with the screen's data moves them.
  const widths = items.map((item) => `${item.label}:${item.count ?? ''}`).join('|');
  // On a narrow phone the list scrolls sideways: the chosen tab (from a link's ?tab=, or chosen by a button on the
  // screen) is brought into the list's view, without scrolling the page itself.
  useEffect(() => {
    const el = list.current;
    const active = el?.querySelector<HTMLElement>('[data-state="active"]');
    if (!el || !active) return;
    const margin = 8;
    if (active.offsetLeft + active.offsetWidth > el.scrollLeft + el.clientWidth)
      el.scrollLeft = active.offsetLeft + active.offsetWidth - el.clientWidth + margin;
    else if (active.offsetLeft < el.scrollLeft) el.scrollLeft = Math.max(0, active.offsetLeft - margin);
  }, [value, widths]);
  return (
    <RadixTabs.Root
      value={value}
      onValueChange={(next) => onValueChange(next as T)}
      className={className}
      activationMode="manual"
    >
      <RadixTabs.List
        ref={list}
        aria-label={label}
        className="relative mb-4 flex gap-1 overflow-x-auto rounded-xl border border-stone-200 bg-white p-1 shadow-sm"
      >
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            data-testid={`tab-${item.value}`}
            className={cn(
              'inline-flex h-9 flex-auto shrink-0 items-center justify-center gap-1.5 rounded-lg px-2.5 text-sm sm:px-3 font-medium whitespace-nowrap text-stone-600 transition-colors',
              'data-[state=inactive]:hover:bg-stone-50 data-[state=inactive]:hover:text-stone-900 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none',
              'data-[state=active]:bg-brand-600 data-[state=active]:text-white data-[state=active]:shadow-sm',
            )}
          >
            {item.icon && <item.icon aria-hidden className="hidden size-4 shrink-0 sm:block" />}
            {item.label}
            {item.count !== undefined && (
              <span className="rounded-full bg-black/10 px-1.5 text-xs tabular-nums">{item.count}</span>
            )}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {children}
    </RadixTabs.Root>
  );
}

export function TabPanel({
  value,
  children,
  className,
}: {
  value: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <RadixTabs.Content value={value} className={cn('focus-visible:outline-none', className)}>
      {children}
    </RadixTabs.Content>
  );
}

/** The tab named by `?tab=` when it is one of `values`, else the first; choosing one replaces the entry. */
export function useTabParam<T extends string>(values: readonly T[]): [T, (value: T) => void] {
  return useQueryChoice('tab', values);
}
