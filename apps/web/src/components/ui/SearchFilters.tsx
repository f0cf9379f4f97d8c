import { Search } from 'lucide-react';
import { Input, Select } from './Field';
import { cn } from './cn';

export interface FilterSelect<V extends string> {
  /** Read by screen readers (the select shows its choice). */
  label: string;
  value: V | '';
  onChange: (value: V | '') => void;
  /** The first choice, meaning no filter ("All statuses"). */
  allLabel: string;
  options: readonly { value: V; label: string }[];
  testId?: string;
}

// Literal classes (Tailwind keeps only what it finds written out), by the number of filters.
const GRID = {
  0: 'grid-cols-1',
  1: 'grid-cols-1 sm:grid-cols-[minmax(0,1fr)_13rem]',
  2: 'grid-cols-2 sm:grid-cols-[minmax(0,1fr)_11rem_11rem]',
} as const;

/**
 * A list's search box with its filters beside it (under it on phones): the one header of the searchable
 * lists (support tickets, CRM clients). The caller owns the values and defers the search as it likes.
 */
export function SearchFilters({
  search,
  filters = [],
}: {
  search: {
    label: string;
    placeholder: string;
    value: string;
    onChange: (value: string) => void;
    testId?: string;
  };
  // Each filter has its own value type; the component only passes them through.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  filters?: readonly FilterSelect<any>[];
}) {
  const count = Math.min(filters.length, 2) as 0 | 1 | 2;
  return (
    <div className={cn('mb-4 grid gap-2', GRID[count])}>
      <label className={cn('relative', count === 2 && 'col-span-2 sm:col-span-1')}>
        <span className="sr-only">{search.label}</span>
        <Search aria-hidden className="pointer-events-none absolute top-2.5 left-3 size-4 text-stone-500" />
        <Input
          type="search"
          className="pl-9"
          placeholder={search.placeholder}
          value={search.value}
          onChange={(e) => search.onChange(e.target.value)}
          data-testid={search.testId}
        />
      </label>
      {filters.map((filter) => (
        <label key={filter.label}>
          <span className="sr-only">{filter.label}</span>
          <Select
            value={filter.value}
            onChange={(e) => filter.onChange(e.target.value)}
            data-testid={filter.testId}
          >
            <option value="">{filter.allLabel}</option>
            {filter.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </label>
      ))}
    </div>
  );
}
