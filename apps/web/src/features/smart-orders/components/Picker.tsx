import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PackageSearch } from 'lucide-react';
import { QueryState } from '../../../components/ui/QueryState';

/**
 * The rows already chosen, as last seen: the page a search answers may no longer hold them, and they
 * must stay on screen, chosen, whatever the search shows. Seeded with what an edited record names.
 */
export function useRemembered<T extends { id: number }>(initial: readonly T[]) {
  const [known, setKnown] = useState(() => new Map<number, T>(initial.map((row) => [row.id, row])));
  const remember = (row: T | undefined) => {
    if (row && known.get(row.id) !== row) setKnown((seen) => new Map(seen).set(row.id, row));
  };
  return { known, remember };
}

/**
 * The options a picker draws: the chosen rows missing from the page first (so a search never drops
 * them), then the page. `chosen` ids with no known row are left out: the page will bring them.
 */
export function withChosen<T extends { id: number }>(
  page: readonly T[],
  chosen: readonly number[],
  known: ReadonlyMap<number, T>,
): T[] {
  const missing = chosen
    .filter((id) => !page.some((row) => row.id === id))
    .map((id) => known.get(id))
    .filter((row): row is T => row !== undefined);
  return [...missing, ...page];
}

/**
 * Under a picker: loading and a failed load as every list shows them, then whether the page is capped
 * ("the first 50 of 600: search") or the search found nothing.
 */
export function PickerStatus<T extends { total: number }>({
  query,
  shown,
  search,
  noMatch,
  testId,
}: {
  query: UseQueryResult<T>;
  shown: (data: T) => number;
  search: string;
  noMatch: string;
  testId: string;
}) {
  const { t } = useTranslation('smart_orders');
  return (
    <QueryState query={query} icon={PackageSearch} compact>
      {(data) => (
        // A live region that is always there (so a change is read out), without the status role: the
        // form's dialog shows the saved message as the page's one status.
        <div aria-live="polite" className="text-xs text-stone-600">
          {data.total > shown(data) && (
            <p className="mt-1" data-testid={`${testId}-capped`}>
              {t('form.capped', { shown: shown(data), total: data.total })}
            </p>
          )}
          {data.total === 0 && search !== '' && (
            <p className="mt-1" data-testid={`${testId}-none`}>
              {noMatch}
            </p>
          )}
        </div>
      )}
    </QueryState>
  );
}
